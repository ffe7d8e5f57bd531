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
    /** User-defined events' names and columns, by id. */
    final List<String> eventTypes = new ArrayList<>();
    final List<UserEventColumn> eventColumns = new ArrayList<>();
    /** User-defined events' string values, by id. */
    final List<String> eventStrings = new ArrayList<>();
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
        eventTypes.addAll(other.eventTypes);
        eventColumns.addAll(other.eventColumns);
        eventStrings.addAll(other.eventStrings);
        texts.putAll(other.texts);
    }

    /** The user-defined events with their columns, by id. */
    List<UserEventType> userEventTypes() {
        List<List<UserEventColumn>> columns = new ArrayList<>();
        eventTypes.forEach(name -> columns.add(new ArrayList<>()));
        for (UserEventColumn column : eventColumns) {
            columns.get(column.eventTypeId() - 1).add(column);
        }
        List<UserEventType> types = new ArrayList<>();
        for (int i = 0; i < eventTypes.size(); i++) {
            types.add(new UserEventType(i + 1, eventTypes.get(i), columns.get(i)));
        }
        return types;
    }

    /** Ids are dense from 1 and written in order, so the list index is the id; a gap is damage. */
    static <T> void add(List<T> list, int id, T value, String kind) {
        if (id != list.size() + 1) {
            throw new ByteCursor.MalformedRecordException(kind + " id " + id + " out of sequence (expected " + (list.size() + 1) + ")");
        }
        list.add(value);
    }

    static <T> T byId(List<T> list, int id, String kind) {
        if (id < 1 || id > list.size()) {
            throw new RecordingException("the recording refers to " + kind + " id " + id + ", which it never named");
        }
        return list.get(id - 1);
    }

    static <T> List<T> view(List<T> list) {
        return Collections.unmodifiableList(list);
    }
}
