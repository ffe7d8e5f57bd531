package org.profq.engine.jdbc;

import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.plan.RelOptRules;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.TimeFrames;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.util.BuiltInMethod;
import org.apache.calcite.util.Static;

/**
 * Gets Calcite ready on a second thread while the first does what needs no Calcite (parse the
 * command line, open the recording): loads and initialises the classes a first query's
 * preparation initialises one after another — the parser, the operator and convertlet tables,
 * the planner rules, the metadata providers — which is about a third of a new JVM's first answer.
 * {@link ProfqDriver#connect} waits for it before its first use of Calcite, so the two threads
 * never initialise Calcite's classes at the same time (two threads initialising classes that
 * refer to each other can deadlock). Nothing here is needed: a class it did not get to is
 * initialised when first used, as without it.
 */
public final class EngineWarmUp {
    /** Classes whose static initialisers take milliseconds each in a new JVM, in the order a first query meets them. */
    private static final List<Class<?>> CLASSES = List.of(
            org.apache.calcite.jdbc.Driver.class, ConnectionPropertiesImpl.class, CalcitePrepareImpl.class,
            SqlStdOperatorTable.class, SqlLibraryOperators.class, StandardConvertletTable.class, Static.class,
            TimeFrames.class, SqlToRelConverter.class, RelOptRules.class, CoreRules.class, EnumerableRules.class,
            DefaultRelMetadataProvider.class, RelMetadataQuery.class, BuiltInMethod.class, RexImpTable.class,
            SqlFunctions.class);

    private static Thread thread;

    /** Starts getting Calcite ready, once per JVM: for commands that will query a recording. */
    public static synchronized void start() {
        if (thread == null) {
            thread = new Thread(EngineWarmUp::warmUp, "profq-warm-up");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Returns when the warm-up, if one was started, has ended. */
    static void awaitEnd() {
        Thread started;
        synchronized (EngineWarmUp.class) {
            started = thread;
        }
        if (started == null) {
            return;
        }
        boolean interrupted = false;
        while (started.isAlive()) {
            try {
                started.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void warmUp() {
        UnsafeWarning.silence(); // as ProfqDriver does, before Avatica's protobuf loads (below)
        try {
            for (Class<?> type : CLASSES) {
                Class.forName(type.getName(), true, type.getClassLoader());
            }
            SqlParser.create("SELECT a, SUM(b) OVER () AS s FROM t WHERE c = 'x' GROUP BY a ORDER BY s DESC",
                    Frameworks.newConfigBuilder().build().getParserConfig()).parseQuery();
        } catch (ReflectiveOperationException | SqlParseException | RuntimeException | LinkageError e) {
            // what it did not get ready is made ready on first use
        }
    }

    private EngineWarmUp() {
    }
}
