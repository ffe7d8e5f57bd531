package org.profq.recording;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.profq.format.ByteCursor;

/**
 * The names of a recording, by id: classes, methods, allocation sites, threads, fields, and the
 * enum constants and raw string texts of value profiles.
 */
final class Dictionaries {
    final List<ClassInfo> classes = new ArrayList<>();
    final List<MethodInfo> methods = new ArrayList<>();
    final List<SiteInfo> sites = new ArrayList<>();
    final List<ThreadInfo> threads = new ArrayList<>();
    final List<FieldInfo> fields = new ArrayList<>();
    final List<ConstantInfo> constants = new ArrayList<>();
    /** String parameters' texts by their hash, with {@code rawstrings=true}. */
    final Map<Long, String> texts = new HashMap<>();

    ClassInfo classInfo(int id) {
        return byId(classes, id, "class");
    }

    MethodInfo method(int id) {
        return byId(methods, id, "method");
    }

    SiteInfo site(int id) {
        return byId(sites, id, "allocation site");
    }

    FieldInfo field(int id) {
        return byId(fields, id, "field");
    }

    ConstantInfo constant(int id) {
        return byId(constants, id, "enum constant");
    }

    ThreadInfo thread(int id) {
        return byId(threads, id, "thread");
    }

    /** Every name {@code other} holds, after this one's (which has none yet). */
    void addAll(Dictionaries other) {
        classes.addAll(other.classes);
        methods.addAll(other.methods);
        sites.addAll(other.sites);
        threads.addAll(other.threads);
        fields.addAll(other.fields);
        constants.addAll(other.constants);
        texts.putAll(other.texts);
    }

    /** Ids are dense from 1 and written in order, so the list index is the id; a gap is damage. */
    static <T> void add(List<T> list, int id, T value, String kind) {
        if (id != list.size() + 1) {
            throw new ByteCursor.MalformedRecordException(kind + " id " + id + " out of sequence (expected " + (list.size() + 1) + ")");
        }
        list.add(value);
    }

    private static <T> T byId(List<T> list, int id, String kind) {
        if (id < 1 || id > list.size()) {
            throw new RecordingException("the recording refers to " + kind + " id " + id + ", which it never named");
        }
        return list.get(id - 1);
    }

    static <T> List<T> view(List<T> list) {
        return Collections.unmodifiableList(list);
    }
}
