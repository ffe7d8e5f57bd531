package org.profq.engine.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.report.BuiltInReports;
import org.profq.engine.report.Report;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.AstObjects;
import profq.samples.HashCodeTrap;
import profq.samples.JdkMutation;
import profq.samples.MutableArgument;
import profq.samples.RepeatedArguments;
import profq.samples.UnstablePositions;
import profq.samples.ValueKinds;

/**
 * Value profiles (issue 17) over recordings made through the real agent with {@code values=}:
 * the params table, and value_profile's exact rows under MT+R and MT+R/M for the paper's
 * scenarios.
 */
class ValueProfileIT {
    /** The columns of value_profile after method_id and signature. */
    private static final String PROFILE = "SELECT equality, calls, distinct_tuples, top1_calls, top2_calls, top3_calls, top3_share,"
            + " dropped_positions, undecidable_calls FROM value_profile";

    @RegisterExtension
    static final SampleConnection ast = SampleConnection.recorded(AstObjects.class,
            "values=*AstObjects*.getSourceLine:*AstObjects*.getBytecodeTypeDec");
    @RegisterExtension
    static final SampleConnection repeated = SampleConnection.recorded(RepeatedArguments.class, "values=*RepeatedArguments.square");
    @RegisterExtension
    static final SampleConnection unstable = SampleConnection.recorded(UnstablePositions.class, "values=*.addMethodRef");
    @RegisterExtension
    static final SampleConnection mutable = SampleConnection.recorded(MutableArgument.class, "values=*MutableArgument.read");
    @RegisterExtension
    static final SampleConnection jdk = SampleConnection.recorded(JdkMutation.class, "values=*JdkMutation.total");
    @RegisterExtension
    static final SampleConnection kinds = SampleConnection.recorded(ValueKinds.class, "values=*ValueKinds.describe:*.greet");
    @RegisterExtension
    static final SampleConnection raw = SampleConnection.recorded(ValueKinds.class, "values=*.greet,rawstrings=true");
    @RegisterExtension
    static final SampleConnection trap = SampleConnection.recorded(HashCodeTrap.class,
            "values=*HashCodeTrap*.hashCode:*HashCodeTrap*.equals");

    /**
     * The paper's Figures 1 and 5: under MT+R both methods' two calls differ (the write to
     * srcLoc.lineNumber is reachable from ast); under MT+R/M getSourceLine's differ (it reads
     * srcLoc and lineNumber) and getBytecodeTypeDec's are equal (it reads parent alone).
     */
    @Test
    void perMethodEqualityIgnoresFieldsTheMethodDoesNotRead() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.AstObjects$ASTObject.getBytecodeTypeDec()", "MT+R", 2L, 2L),
                        List.of("profq.samples.AstObjects$ASTObject.getBytecodeTypeDec()", "MT+R/M", 2L, 1L),
                        List.of("profq.samples.AstObjects$ASTObject.getSourceLine()", "MT+R", 2L, 2L),
                        List.of("profq.samples.AstObjects$ASTObject.getSourceLine()", "MT+R/M", 2L, 2L)),
                Rows.query(ast.get(), "SELECT signature, equality, calls, distinct_tuples FROM value_profile ORDER BY signature, equality"));
        assertEquals(List.of(
                        List.of("getBytecodeTypeDec", "profq.samples.AstObjects$ASTObject.parent"),
                        List.of("getSourceLine", "profq.samples.AstObjects$ASTObject.srcLoc"),
                        List.of("getSourceLine", "profq.samples.AstObjects$SourceLocation.lineNumber")),
                Rows.query(ast.get(), "SELECT m.name, r.field_name FROM reference_fields AS r JOIN methods AS m"
                        + " ON m.method_id = r.method_id ORDER BY m.name, r.field_name"));
        assertEquals(List.of(List.of("profq.samples.AstObjects$SourceLocation.lineNumber", 1L)), Rows.query(ast.get(),
                "SELECT field_name, write_seq FROM field_writes WHERE write_seq > 0"));
    }

    /** 100 calls with 7 (50 times), 3 (30) and 9 (20): exact counts, alike under both equalities. */
    @Test
    void frequenciesOfThreeValuesInKnownProportions() throws SQLException {
        assertEquals(List.of(
                        List.of("MT+R", 100L, 3L, 50L, 30L, 20L, 1.0, "", 0L),
                        List.of("MT+R/M", 100L, 3L, 50L, 30L, 20L, 1.0, "", 0L)),
                Rows.query(repeated.get(), PROFILE));
        assertEquals(List.of(List.of("7", 50L), List.of("3", 30L), List.of("9", 20L)), Rows.query(repeated.get(),
                "SELECT value_text, COUNT(*) FROM params GROUP BY value_text ORDER BY COUNT(*) DESC"));
        assertEquals(List.of(List.of(1L, 50L, "7"), List.of(2L, 30L, "3"), List.of(3L, 20L, "9")), Rows.query(repeated.get(),
                "SELECT t.tuple, t.calls, p.value_text FROM value_tuples AS t JOIN params AS p ON p.call_id = t.first_call_id"
                        + " WHERE t.equality = 'MT+R' ORDER BY t.tuple"));
    }

    /** The paper's CP.addMRef: the last two positions always differ, so they are dropped; three tuples remain, of 7, 5 and 1 calls. */
    @Test
    void positionsWhoseValuesAlwaysDifferAreDropped() throws SQLException {
        assertEquals(List.of(
                        List.of("MT+R", 13L, 3L, 7L, 5L, 1L, 1.0, "3,4", 0L),
                        List.of("MT+R/M", 13L, 3L, 7L, 5L, 1L, 1.0, "3,4", 0L)),
                Rows.query(unstable.get(), PROFILE));
    }

    /**
     * A mutable object passed 10 times, written between calls 3 and 4 (count), 5 and 6 (label)
     * and 7 and 8 (count): MT+R sees 4 values (3, 2, 2, 3 calls); MT+R/M, for a method that reads
     * count alone, sees 3 (3, 4, 3).
     */
    @Test
    void aMutableObjectIsAnotherValueAfterAWrite() throws SQLException {
        assertEquals(List.of(
                        List.of("MT+R", 10L, 4L, 3L, 3L, 2L, 0.8, "", 0L),
                        List.of("MT+R/M", 10L, 3L, 4L, 3L, 3L, 1.0, "", 0L)),
                Rows.query(mutable.get(), PROFILE));
        assertEquals(List.of(List.of(1L, 1L), List.of(2L, 1L), List.of(3L, 1L)), Rows.query(mutable.get(),
                "SELECT write_seq, COUNT(DISTINCT object_id) FROM field_writes WHERE write_seq > 0 GROUP BY write_seq ORDER BY write_seq"));
    }

    /** An ArrayList changed inside the JDK between calls: every call undecidable, none equal. */
    @Test
    void aListChangedInsideTheJdkIsUndecidable() throws SQLException {
        assertEquals(List.of(
                        List.of("MT+R", 3L, 3L, 0L, 0L, 0L, 0.0, "", 3L),
                        List.of("MT+R/M", 3L, 3L, 0L, 0L, 0L, 0.0, "", 3L)),
                Rows.query(jdk.get(), PROFILE));
        assertEquals(List.of(List.of("java.util.ArrayList", false)), Rows.query(jdk.get(),
                "SELECT c.name, f.seen_into FROM followed_objects AS f JOIN classes AS c ON c.class_id = f.class_id"));
    }

    /** Every kind of parameter in params; strings as a hash and length. */
    @Test
    void paramsShowEveryKind() throws SQLException {
        List<List<Object>> rows = Rows.query(kinds.get(), "SELECT param_position, type, value_kind, value_text, length, object_id IS NOT NULL,"
                + " stamp FROM params JOIN methods USING (method_id) WHERE name = 'describe' ORDER BY param_position");
        String hash = (String) rows.get(5).get(3);
        assertTrue(hash.matches("#[0-9a-f]{16}"), hash);
        assertEquals(List.of(
                Arrays.asList(1, "int", "int", "42", null, false, null),
                Arrays.asList(2, "long", "long", "5000000000", null, false, null),
                Arrays.asList(3, "double", "double", "2.5", null, false, null),
                Arrays.asList(4, "boolean", "boolean", "true", null, false, null),
                Arrays.asList(5, "char", "char", "x", null, false, null),
                Arrays.asList(6, "java.lang.String", "string", hash, 5, false, null),
                Arrays.asList(7, "profq.samples.ValueKinds$Color", "enum", "GREEN", null, false, null),
                Arrays.asList(8, "java.lang.Object", "null", null, null, false, null),
                Arrays.asList(9, "profq.samples.ValueKinds$Shape", "object", null, null, true, 0L),
                Arrays.asList(10, "int[]", "array", null, null, true, 0L),
                Arrays.asList(11, "java.lang.Integer", "int", "7", null, false, null)), rows);
    }

    /** Strings are hashes unless recorded with --raw-strings. */
    @Test
    void stringsAreHashesUnlessRawStringsIsOn() throws SQLException {
        String greet = "SELECT value_text FROM params JOIN methods USING (method_id) WHERE name = 'greet' AND param_position = 1"
                + " ORDER BY call_id";
        List<List<Object>> hashed = Rows.query(kinds.get(), greet);
        assertEquals(3, hashed.size());
        assertTrue(hashed.stream().allMatch(row -> ((String) row.get(0)).matches("#[0-9a-f]{16}")), hashed.toString());
        assertEquals(hashed.get(0), hashed.get(1));
        assertEquals(List.of(List.of("Ada"), List.of("Ada"), List.of("Grace")), Rows.query(raw.get(), greet));
    }

    /**
     * The djprof §5 trap: Key.hashCode reads a field. Recorded without recursion: 20 hashCode
     * calls on 20 different Keys, 10 equals calls, all distinct.
     */
    @Test
    void aHashCodeThatReadsAFieldIsProfiled() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.HashCodeTrap$Key.equals(java.lang.Object)", "MT+R", 10L, 10L),
                        List.of("profq.samples.HashCodeTrap$Key.equals(java.lang.Object)", "MT+R/M", 10L, 10L),
                        List.of("profq.samples.HashCodeTrap$Key.hashCode()", "MT+R", 20L, 20L),
                        List.of("profq.samples.HashCodeTrap$Key.hashCode()", "MT+R/M", 20L, 20L)),
                Rows.query(trap.get(), "SELECT signature, equality, calls, distinct_tuples FROM value_profile ORDER BY signature, equality"));
    }

    /** The values report ranks methods by their MT+R/M top-three share. */
    @Test
    void theValuesReportRanksByTopThreeShare() throws SQLException {
        Report.BoundQuery bound = BuiltInReports.get("values").bind(Map.of("min_calls", "2"));
        try (PreparedStatement statement = mutable.get().prepareStatement(bound.sql())) {
            for (int i = 0; i < bound.values().size(); i++) {
                statement.setObject(i + 1, bound.values().get(i));
            }
            assertEquals(List.of(List.of("profq.samples.MutableArgument.read(profq.samples.MutableArgument$Counter)", 10L, 3L, 1.0,
                    4L, 3L, 3L, 0.8, "", 0L)), Rows.query(statement));
        }
    }
}
