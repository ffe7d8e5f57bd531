package org.profq.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Surefire set-up of docs/testing-with-junit.md, run by Maven itself: the sample project as a
 * Maven module whose tests run under the agent. The baseline flag passes from Maven's command line
 * to the tests; a change that allocates in the parser's loop fails the build, and Surefire's JUnit
 * XML report, which CI servers read, carries each test's readable diff.
 */
class SurefireSetupIT {
    private static final Path ROOT = Path.of(System.getProperty("profq.root"));

    @TempDir
    Path work;

    @Test
    void aModulesTestsRunUnderProfqAndTheirBrokenBudgetsReachSurefiresJUnitXml() throws Exception {
        Path project = work.resolve("parser");
        Files.createDirectories(project.resolve("src/main/java/sample"));
        Files.createDirectories(project.resolve("src/test/java/sample"));
        Files.copy(Path.of("src/test/surefire-project/pom.xml"), project.resolve("pom.xml"));
        Files.copy(Path.of("src/test/sample-project/sample/Parser.java"), project.resolve("src/main/java/sample/Parser.java"));
        Files.copy(Path.of("src/test/sample-project/sample/ParserTest.java"), project.resolve("src/test/java/sample/ParserTest.java"));

        assertEquals(0, maven(project, "-Dprofq.updateBaselines=true"), "the tests pass and write their baseline");
        assertTrue(Files.readString(project.resolve("baselines/parse.baseline")).contains(
                "objects\t3\tsample.Parser.word(java.lang.String, int, int):21 java.lang.StringBuilder"));
        assertEquals(Map.of("allocatesWithinItsBudget(TestProfile)", "", "parsesAsItsBaselineSays", ""), failures(project));

        Path parser = project.resolve("src/main/java/sample/Parser.java");
        Files.writeString(parser, Files.readString(parser).replace("words.add(word(line, start, i));",
                "words.add(new String(word(line, start, i)));"));
        assertEquals(1, maven(project), "a broken budget fails the build");
        assertEquals(Map.of("allocatesWithinItsBudget(TestProfile)", """
                        profq: objects allocated at sample.Parser.*: 7, more than 4:
                          3  sample.Parser.parse(java.lang.String):13 java.lang.String
                          1  sample.Parser.parse(java.lang.String):9 java.util.ArrayList
                          3  sample.Parser.word(java.lang.String, int, int):21 java.lang.StringBuilder""",
                "parsesAsItsBaselineSays", """
                        profq: 2 exact counts grew over the baseline baselines/parse.baseline (if that is meant, run the test with -Dprofq.updateBaselines=true and commit the file):
                          count    baseline  current  change  subject
                          objects         0        3      +3  sample.Parser.parse(java.lang.String):13 java.lang.String
                          bytes           0       72     +72  sample.Parser.parse(java.lang.String):13 java.lang.String"""),
                failures(project));
    }

    /** Runs {@code mvn test} on the project, offline, with this build's Maven wrapper; its exit code. */
    private int maven(Path project, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("mvnw").toString(), "-o", "-B", "-f", project.resolve("pom.xml").toString(),
                "test", "-Dprofq.agent=" + System.getProperty("profq.agent.jar"), "-Dprofq.root=" + ROOT.toAbsolutePath(),
                "-Dprofq.version=" + System.getProperty("profq.version"), "-Djunit.version=" + System.getProperty("junit.version")));
        command.addAll(List.of(arguments));
        Path log = work.resolve("maven.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("MAVEN_OPTS", "-Dchronicle.analytics.disable=true");
        Process process = builder.start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Maven did not end in 300 s: " + Files.readString(log));
        }
        return process.exitValue();
    }

    /** Per test of Surefire's report TEST-sample.ParserTest.xml, its failure's message ("" if it passed). */
    private static Map<String, String> failures(Path project) throws Exception {
        Path report = project.resolve("target/surefire-reports/TEST-sample.ParserTest.xml");
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile()).getElementsByTagName("testcase");
        Map<String, String> failures = new LinkedHashMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element testCase = (Element) cases.item(i);
            NodeList failure = testCase.getElementsByTagName("failure");
            failures.put(testCase.getAttribute("name"), failure.getLength() == 0 ? "" : ((Element) failure.item(0)).getAttribute("message"));
        }
        return failures;
    }
}
