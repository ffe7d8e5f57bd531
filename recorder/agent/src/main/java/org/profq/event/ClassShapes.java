package org.profq.event;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the value profiler needs to know of a class, worked out once per class: whether its
 * objects are immutable values (never followed), whether every write to their fields is seen
 * (else equality over them is undecidable), and their reference fields, the edges of an object
 * graph. Read by reflection, which never runs the program's code.
 */
final class ClassShapes extends ClassValue<ClassShapes.Shape> {
    /**
     * A class's shape.
     *
     * @param immutable strings, boxes, enums, classes, big numbers: values that never change, not followed
     * @param seenInto every class of its hierarchy that declares instance fields was woven (its
     *                 writes are seen) or has only final ones; false for arrays
     * @param references its instance fields of reference types (accessible), when seen into
     * @param fieldIds their dictionary ids
     */
    record Shape(int classId, boolean immutable, boolean seenInto, Field[] references, int[] fieldIds) {
    }

    private static final Set<Class<?>> IMMUTABLE = Set.of(String.class, Boolean.class, Byte.class, Character.class,
            Short.class, Integer.class, Long.class, Float.class, Double.class, BigInteger.class, BigDecimal.class, Class.class);
    private static final Field[] NO_FIELDS = {};
    private static final int[] NO_IDS = {};

    private final Dictionary dictionary;

    ClassShapes(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    @Override
    protected Shape computeValue(Class<?> type) {
        int classId = dictionary.classId(type);
        if (IMMUTABLE.contains(type) || Enum.class.isAssignableFrom(type)) {
            return new Shape(classId, true, true, NO_FIELDS, NO_IDS);
        }
        if (type.isArray()) {
            return new Shape(classId, false, false, NO_FIELDS, NO_IDS); // element stores are no join points
        }
        List<Field> references = new ArrayList<>();
        for (Class<?> declaring = type; declaring != null; declaring = declaring.getSuperclass()) {
            boolean woven = WovenClasses.contains(declaring);
            for (Field field : declaring.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers)) {
                    continue;
                }
                if (!woven && !Modifier.isFinal(modifiers)) {
                    return new Shape(classId, false, false, NO_FIELDS, NO_IDS); // written by code profq does not see
                }
                if (!field.getType().isPrimitive()) {
                    try {
                        field.setAccessible(true);
                    } catch (RuntimeException e) { // a module that does not open its package
                        return new Shape(classId, false, false, NO_FIELDS, NO_IDS);
                    }
                    references.add(field);
                }
            }
        }
        int[] ids = new int[references.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = dictionary.fieldId(references.get(i));
        }
        return new Shape(classId, false, true, references.toArray(NO_FIELDS), ids);
    }
}
