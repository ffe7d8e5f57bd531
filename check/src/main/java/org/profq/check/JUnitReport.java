package org.profq.check;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A check's outcome as a JUnit XML report, which CI servers show as tests: one test suite, one
 * test case per rule, failed with each of its breaks.
 */
public final class JUnitReport {
    private JUnitReport() {
    }

    /** Writes the report of {@code rules} and their {@code breaks} to {@code file}. */
    public static void write(Path file, List<? extends Rule> rules, List<CheckRule.Break> breaks) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "profq check");
            xml.writeAttribute("tests", String.valueOf(rules.size()));
            long failed = rules.stream().filter(rule -> breaks.stream().anyMatch(broken -> broken.rule() == rule)).count();
            xml.writeAttribute("failures", String.valueOf(failed));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", "0");
            for (Rule rule : rules) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", "profq.check");
                xml.writeAttribute("name", rule.line() > 0 ? "line " + rule.line() + ": " + rule.text() : rule.text());
                List<String> whys = breaks.stream().filter(broken -> broken.rule() == rule).map(CheckRule.Break::why).toList();
                if (!whys.isEmpty()) {
                    xml.writeCharacters("\n    ");
                    xml.writeStartElement("failure");
                    xml.writeAttribute("message", whys.get(0) + (whys.size() > 1 ? " (and " + (whys.size() - 1) + " more)" : ""));
                    xml.writeCharacters(String.join("\n", whys));
                    xml.writeEndElement();
                    xml.writeCharacters("\n  ");
                }
                xml.writeEndElement();
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
