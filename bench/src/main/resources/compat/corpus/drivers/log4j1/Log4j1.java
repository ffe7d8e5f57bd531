package profq.corpus;

import org.apache.log4j.ConsoleAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.NDC;
import org.apache.log4j.PatternLayout;

/** log4j 1.2 (Java 1.1 class files): a console appender with a pattern layout, levels, a nested diagnostic context. */
public final class Log4j1 {
    public static void main(String[] args) {
        Logger root = Logger.getRootLogger();
        root.addAppender(new ConsoleAppender(new PatternLayout("%-5p %c{1} [%x] %m%n"), ConsoleAppender.SYSTEM_OUT));
        root.setLevel(Level.INFO);
        Logger log = Logger.getLogger("profq.corpus.Orders");
        for (int i = 0; i < 30; i++) {
            NDC.push("order-" + i);
            if (i % 10 == 0) {
                log.warn("order " + i + " is large");
            } else {
                log.debug("hidden " + i);
                log.info("order " + i + " total " + (i * 17 % 23));
            }
            NDC.pop();
        }
    }
}
