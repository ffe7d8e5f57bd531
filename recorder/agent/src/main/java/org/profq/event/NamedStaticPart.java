package org.profq.event;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.SourceLocation;

/**
 * The static part of a join point that woven code makes through {@link JoinPointNames}: its kind,
 * its {@link NamedSignature} (or, for the few kinds profq does not name, AspectJ's own), and where
 * it is. It also keeps the ids the dictionary gave it, so that the advice's look-up is one field
 * read, not a hash probe; each is published (volatile) after its name was written to the log.
 */
final class NamedStaticPart implements JoinPoint.EnclosingStaticPart {
    /** An id not given yet. */
    static final int NONE = -1;

    private final int id;
    private final String kind;
    private final Signature signature;
    private final SourceLocation location;
    /** The method it executes, calls or encloses; {@link #NONE} until the dictionary named it. */
    volatile int methodId = NONE;
    /** The allocation site it is (a constructor call or array creation); {@link #NONE} until named. */
    volatile int siteId = NONE;
    /** The field it reads or writes; {@link #NONE} until named. */
    volatile int fieldId = NONE;
    /** Whether its method's calls are value-profiled: {@link #NONE} until decided, 0 if not, else the choice's index ({@link ValueChoice}). */
    volatile int valueChoice = NONE;

    NamedStaticPart(int id, String kind, Signature signature, SourceLocation location) {
        this.id = id;
        this.kind = kind;
        this.signature = signature;
        this.location = location;
    }

    @Override
    public Signature getSignature() {
        return signature;
    }

    @Override
    public SourceLocation getSourceLocation() {
        return location;
    }

    @Override
    public String getKind() {
        return kind;
    }

    @Override
    public int getId() {
        return id;
    }

    /** As AspectJ writes a static part: {@code execution(int a.B.f(String))}. */
    @Override
    public String toString() {
        return kindName() + "(" + signature.toString() + ")";
    }

    @Override
    public String toShortString() {
        return kindName() + "(" + signature.toShortString() + ")";
    }

    @Override
    public String toLongString() {
        return kindName() + "(" + signature.toLongString() + ")";
    }

    /** {@code method-execution} is {@code execution}, {@code field-get} is {@code get}: AspectJ's short kind names. */
    private String kindName() {
        return kind.substring(kind.lastIndexOf('-') + 1);
    }
}
