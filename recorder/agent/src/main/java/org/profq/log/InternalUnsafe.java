package org.profq.log;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;

/**
 * What the agent jar's copies of Chronicle and AspectJ call in place of {@code sun.misc.Unsafe}:
 * the members they use, with the same names and descriptors, done by
 * {@code jdk.internal.misc.Unsafe}. The agent's build relocates {@code sun.misc.Unsafe} to this
 * class (maven-shade-plugin), so no code of profq's calls the JDK's {@code sun.misc.Unsafe}.
 *
 * <p>Why: on JDK 24 and later, the first call of one of {@code sun.misc.Unsafe}'s memory-access
 * methods prints a warning on standard error naming the caller's class, once per JVM. Were profq's
 * Chronicle that caller, the warning would be profq's line in the program's output, or, kept
 * quiet, it would take the program's own warning with it. {@code jdk.internal.misc.Unsafe} does
 * the same work without the check; the agent exports its package to itself before Chronicle
 * loads ({@code Instrumentation.redefineModule}), and the build compiles this class with that
 * package exported.
 *
 * <p>Each method calls the internal one directly (the JIT inlines it as it inlines
 * {@code sun.misc.Unsafe}'s own delegation): seven have other names there, and
 * {@code arrayBaseOffset}, which returns {@code int} on JDK 17 and {@code long} on JDK 25, is
 * called through a method handle that adapts either. Chronicle reads {@link #theUnsafe}
 * reflectively, as it reads {@code sun.misc.Unsafe}'s, and finds {@link #invokeCleaner} by name.
 */
public final class InternalUnsafe {
    private static final jdk.internal.misc.Unsafe UNSAFE = jdk.internal.misc.Unsafe.getUnsafe();
    private static final MethodHandle ARRAY_BASE_OFFSET = arrayBaseOffsetHandle();

    /** The instance Chronicle and AspectJ read reflectively, as from {@code sun.misc.Unsafe}. */
    @SuppressWarnings("unused")
    private static final InternalUnsafe theUnsafe = new InternalUnsafe();

    public static final int ARRAY_BYTE_BASE_OFFSET = theUnsafe.arrayBaseOffset(byte[].class);
    public static final int ARRAY_CHAR_BASE_OFFSET = theUnsafe.arrayBaseOffset(char[].class);
    public static final int ARRAY_OBJECT_INDEX_SCALE = UNSAFE.arrayIndexScale(Object[].class);

    private InternalUnsafe() {
    }

    // names and sizes

    public int addressSize() {
        return UNSAFE.addressSize();
    }

    public int pageSize() {
        return UNSAFE.pageSize();
    }

    public int arrayBaseOffset(Class<?> arrayClass) {
        try {
            return (int) ARRAY_BASE_OFFSET.invokeExact(arrayClass);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** As {@code sun.misc.Unsafe}'s: not for hidden classes or records, whose fields are trusted. */
    public long objectFieldOffset(Field field) {
        if (field == null) {
            throw new NullPointerException();
        }
        Class<?> declaringClass = field.getDeclaringClass();
        if (declaringClass.isHidden()) {
            throw new UnsupportedOperationException("can't get field offset on a hidden class: " + field);
        }
        if (declaringClass.isRecord()) {
            throw new UnsupportedOperationException("can't get field offset on a record class: " + field);
        }
        return UNSAFE.objectFieldOffset(field);
    }

    public Object allocateInstance(Class<?> type) throws InstantiationException {
        return UNSAFE.allocateInstance(type);
    }

    // off-heap memory

    public long allocateMemory(long bytes) {
        return UNSAFE.allocateMemory(bytes);
    }

    public void freeMemory(long address) {
        UNSAFE.freeMemory(address);
    }

    public void setMemory(long address, long bytes, byte value) {
        UNSAFE.setMemory(address, bytes, value);
    }

    public void setMemory(Object base, long offset, long bytes, byte value) {
        UNSAFE.setMemory(base, offset, bytes, value);
    }

    public void copyMemory(long sourceAddress, long destinationAddress, long bytes) {
        UNSAFE.copyMemory(sourceAddress, destinationAddress, bytes);
    }

    public void copyMemory(Object sourceBase, long sourceOffset, Object destinationBase, long destinationOffset, long bytes) {
        UNSAFE.copyMemory(sourceBase, sourceOffset, destinationBase, destinationOffset, bytes);
    }

    /** As {@code sun.misc.Unsafe}'s; Chronicle finds it by name to free a direct buffer. */
    public void invokeCleaner(ByteBuffer directBuffer) {
        if (!directBuffer.isDirect()) {
            throw new IllegalArgumentException("Not a direct buffer");
        }
        UNSAFE.invokeCleaner(directBuffer);
    }

    // fences

    public void loadFence() {
        UNSAFE.loadFence();
    }

    public void storeFence() {
        UNSAFE.storeFence();
    }

    public void fullFence() {
        UNSAFE.fullFence();
    }

    // reads and writes at an address

    public byte getByte(long address) {
        return UNSAFE.getByte(address);
    }

    public void putByte(long address, byte value) {
        UNSAFE.putByte(address, value);
    }

    public short getShort(long address) {
        return UNSAFE.getShort(address);
    }

    public void putShort(long address, short value) {
        UNSAFE.putShort(address, value);
    }

    public int getInt(long address) {
        return UNSAFE.getInt(address);
    }

    public void putInt(long address, int value) {
        UNSAFE.putInt(address, value);
    }

    public long getLong(long address) {
        return UNSAFE.getLong(address);
    }

    public void putLong(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    public float getFloat(long address) {
        return UNSAFE.getFloat(address);
    }

    public void putFloat(long address, float value) {
        UNSAFE.putFloat(address, value);
    }

    public double getDouble(long address) {
        return UNSAFE.getDouble(address);
    }

    public void putDouble(long address, double value) {
        UNSAFE.putDouble(address, value);
    }

    // reads and writes in an object (or at an address, base null)

    public boolean getBoolean(Object base, long offset) {
        return UNSAFE.getBoolean(base, offset);
    }

    public void putBoolean(Object base, long offset, boolean value) {
        UNSAFE.putBoolean(base, offset, value);
    }

    public byte getByte(Object base, long offset) {
        return UNSAFE.getByte(base, offset);
    }

    public void putByte(Object base, long offset, byte value) {
        UNSAFE.putByte(base, offset, value);
    }

    public char getChar(Object base, long offset) {
        return UNSAFE.getChar(base, offset);
    }

    public void putChar(Object base, long offset, char value) {
        UNSAFE.putChar(base, offset, value);
    }

    public short getShort(Object base, long offset) {
        return UNSAFE.getShort(base, offset);
    }

    public void putShort(Object base, long offset, short value) {
        UNSAFE.putShort(base, offset, value);
    }

    public int getInt(Object base, long offset) {
        return UNSAFE.getInt(base, offset);
    }

    public void putInt(Object base, long offset, int value) {
        UNSAFE.putInt(base, offset, value);
    }

    public long getLong(Object base, long offset) {
        return UNSAFE.getLong(base, offset);
    }

    public void putLong(Object base, long offset, long value) {
        UNSAFE.putLong(base, offset, value);
    }

    public float getFloat(Object base, long offset) {
        return UNSAFE.getFloat(base, offset);
    }

    public void putFloat(Object base, long offset, float value) {
        UNSAFE.putFloat(base, offset, value);
    }

    public double getDouble(Object base, long offset) {
        return UNSAFE.getDouble(base, offset);
    }

    public void putDouble(Object base, long offset, double value) {
        UNSAFE.putDouble(base, offset, value);
    }

    public Object getObject(Object base, long offset) {
        return UNSAFE.getReference(base, offset);
    }

    public void putObject(Object base, long offset, Object value) {
        UNSAFE.putReference(base, offset, value);
    }

    // volatile and ordered reads and writes

    public byte getByteVolatile(Object base, long offset) {
        return UNSAFE.getByteVolatile(base, offset);
    }

    public void putByteVolatile(Object base, long offset, byte value) {
        UNSAFE.putByteVolatile(base, offset, value);
    }

    public short getShortVolatile(Object base, long offset) {
        return UNSAFE.getShortVolatile(base, offset);
    }

    public void putShortVolatile(Object base, long offset, short value) {
        UNSAFE.putShortVolatile(base, offset, value);
    }

    public int getIntVolatile(Object base, long offset) {
        return UNSAFE.getIntVolatile(base, offset);
    }

    public void putIntVolatile(Object base, long offset, int value) {
        UNSAFE.putIntVolatile(base, offset, value);
    }

    public long getLongVolatile(Object base, long offset) {
        return UNSAFE.getLongVolatile(base, offset);
    }

    public void putLongVolatile(Object base, long offset, long value) {
        UNSAFE.putLongVolatile(base, offset, value);
    }

    public float getFloatVolatile(Object base, long offset) {
        return UNSAFE.getFloatVolatile(base, offset);
    }

    public void putFloatVolatile(Object base, long offset, float value) {
        UNSAFE.putFloatVolatile(base, offset, value);
    }

    public double getDoubleVolatile(Object base, long offset) {
        return UNSAFE.getDoubleVolatile(base, offset);
    }

    public void putDoubleVolatile(Object base, long offset, double value) {
        UNSAFE.putDoubleVolatile(base, offset, value);
    }

    public void putOrderedInt(Object base, long offset, int value) {
        UNSAFE.putIntRelease(base, offset, value);
    }

    public void putOrderedLong(Object base, long offset, long value) {
        UNSAFE.putLongRelease(base, offset, value);
    }

    // atomic updates

    public boolean compareAndSwapInt(Object base, long offset, int expected, int value) {
        return UNSAFE.compareAndSetInt(base, offset, expected, value);
    }

    public boolean compareAndSwapLong(Object base, long offset, long expected, long value) {
        return UNSAFE.compareAndSetLong(base, offset, expected, value);
    }

    public int getAndAddInt(Object base, long offset, int delta) {
        return UNSAFE.getAndAddInt(base, offset, delta);
    }

    public long getAndAddLong(Object base, long offset, long delta) {
        return UNSAFE.getAndAddLong(base, offset, delta);
    }

    public int getAndSetInt(Object base, long offset, int value) {
        return UNSAFE.getAndSetInt(base, offset, value);
    }

    /** {@code jdk.internal.misc.Unsafe.arrayBaseOffset}, whichever of {@code int} and {@code long} it returns, as an {@code int}. */
    private static MethodHandle arrayBaseOffsetHandle() {
        try {
            MethodHandle internal = MethodHandles.lookup()
                    .unreflect(jdk.internal.misc.Unsafe.class.getMethod("arrayBaseOffset", Class.class))
                    .bindTo(UNSAFE);
            return MethodHandles.explicitCastArguments(internal, MethodType.methodType(int.class, Class.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this JDK's jdk.internal.misc.Unsafe has no arrayBaseOffset(Class)", e);
        }
    }
}
