package org.profq.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SignaturesTest {

    @Test
    void descriptorsBecomeJavaParameterLists() {
        assertEquals("a.B.sum(int)", Signatures.readable("a.B", "sum", "(I)I"));
        assertEquals("a.B$C.<init>(int, int)", Signatures.readable("a.B$C", "<init>", "(II)V"));
        assertEquals("Main.main(java.lang.String[])", Signatures.readable("Main", "main", "([Ljava/lang/String;)V"));
        assertEquals("a.B.m(long[][], boolean, java.util.List, double)",
                Signatures.readable("a.B", "m", "([[JZLjava/util/List;D)V"));
        assertEquals("run()", Signatures.readable("", "run", "()V"));
    }
}
