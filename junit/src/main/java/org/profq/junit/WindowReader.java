package org.profq.junit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import org.profq.check.CountKind;
import org.profq.check.ExactCounts;
import org.profq.check.SubjectGlob;
import org.profq.format.RecordingFormat;
import org.profq.recording.EventReader;
import org.profq.recording.IgnoringEventVisitor;
import org.profq.recording.ReaderCheckpoint;
import org.profq.recording.RecordedEvents;
import org.profq.recording.Recording;
import org.profq.recording.SiteInfo;
import org.profq.recording.Signatures;
import org.profq.recording.UserEventColumn;
import org.profq.recording.UserEventType;

/**
 * Reads the recording of this JVM as it grows, from where it stopped the last time, and counts
 * each test window's events as {@code profq check} counts a run's: calls per method and per calling
 * context, objects and bytes per allocation site, throws per throw site, each named as there. A window's events are its
 * test thread's between its markers, and those of the threads made while it was open ({@link TestWindow}):
 * with several windows open at once (tests run in parallel), a thread is the window's that opened
 * last before it was made. One per recording,
 * shared by the tests of the JVM; the log is read once in all, not once a test.
 */
final class WindowReader {
    private static final Map<Path, WindowReader> READERS = new HashMap<>();

    private final Path directory;
    private Recording recording;
    private ReaderCheckpoint checkpoint;
    private Set<CountKind> kinds;
    private boolean exceptions;
    /** The windows open, by the thread they are on. */
    private final Map<Integer, Window> open = new HashMap<>();
    /** The windows that ended, not yet asked for. */
    private final Map<Long, Window> ended = new HashMap<>();
    /** Each recorded thread's Java thread id, by its id in the recording. */
    private final Map<Integer, Long> javaThreadIds = new HashMap<>();
    /** Per thread, its open calls' methods by call id: a throw is counted at the method of its call. Only with exceptions. */
    private final Map<Integer, Map<Long, Integer>> openCalls = new HashMap<>();
    private final Map<Integer, String> signatures = new HashMap<>();
    /** Every calling context seen: a method called from a context (0: a thread's outermost call). */
    private final CallingContexts contexts = new CallingContexts();
    /** Per thread, the contexts of its open calls, innermost last. */
    private final Map<Integer, ContextStack> stacks = new HashMap<>();
    private final Map<Integer, String> siteSubjects = new HashMap<>();
    private final Map<Integer, String> contextPaths = new HashMap<>();

    private WindowReader(Path directory) {
        this.directory = directory;
    }

    static synchronized WindowReader of(Path directory) {
        return READERS.computeIfAbsent(directory, WindowReader::new);
    }

    /**
     * The counts of the window {@code id}, which ended and whose thread flushed since: reads the
     * recording on to its end. The threads made in the window count, but for those in {@code stillRunning}
     * (Java thread ids), which had not ended when the window did.
     */
    synchronized WindowCounts counts(long id, Set<Long> stillRunning) {
        readOn();
        Window window = ended.remove(id);
        if (window == null) {
            throw new IllegalStateException("the test's window is not in the recording " + directory
                    + ": its events were not written (profq info " + directory + " shows the recording's losses)");
        }
        Map<CountKind, Map<String, Long>> counts = new EnumMap<>(CountKind.class);
        Map<Integer, Long> callsByContext = new HashMap<>(window.callsByContext);
        window.counts.forEach((kind, values) -> counts.put(kind, new TreeMap<>(values)));
        window.threads.forEach((thread, made) -> {
            if (!stillRunning.contains(thread)) {
                made.counts.forEach((kind, values) -> values.forEach((subject, value) -> counts.get(kind).merge(subject, value, Long::sum)));
                made.callsByContext.forEach((context, calls) -> callsByContext.merge(context, calls, Long::sum));
            }
        });
        if (kinds.contains(CountKind.CONTEXTS)) {
            Map<String, Long> byPath = new TreeMap<>();
            callsByContext.forEach((context, calls) -> byPath.merge(path(context), calls, Long::sum));
            counts.put(CountKind.CONTEXTS, byPath);
        }
        return new WindowCounts(ExactCounts.of(counts), Map.copyOf(callsByContext));
    }

    /** A context's subject as profq check names it: the signatures from the thread's outermost call down, profq's own frames left out. */
    private String path(int context) {
        return contextPaths.computeIfAbsent(context, id -> {
            List<String> frames = new ArrayList<>();
            for (int at = id; at != 0; at = contexts.parent(at)) {
                if (!isProfq(contexts.method(at))) {
                    frames.add(0, signature(contexts.method(at)));
                }
            }
            return String.join(ExactCounts.CONTEXT_SEPARATOR, frames);
        });
    }

    /**
     * Of {@code calls} (calls by calling context), those of a method {@code callee} names made while
     * a call of a method {@code caller} names was open on the thread, by their path from the outermost
     * such caller: {@code a.B.handle(java.lang.String) > a.C.parse() > a.D.compile()}.
     */
    synchronized SortedMap<String, Long> callsInside(Map<Integer, Long> calls, SubjectGlob callee, SubjectGlob caller) {
        SortedMap<String, Long> inside = new TreeMap<>();
        calls.forEach((context, count) -> {
            if (!callee.matches(signature(contexts.method(context)))) {
                return;
            }
            int outermost = 0;
            for (int at = contexts.parent(context); at != 0; at = contexts.parent(at)) {
                if (caller.matches(signature(contexts.method(at)))) {
                    outermost = at;
                }
            }
            if (outermost != 0) {
                List<String> path = new ArrayList<>();
                for (int at = context; at != contexts.parent(outermost); at = contexts.parent(at)) {
                    path.add(0, signature(contexts.method(at)));
                }
                inside.merge(String.join(" > ", path), count, Long::sum);
            }
        });
        return inside;
    }

    private void readOn() {
        if (recording == null) {
            recording = Recording.open(directory);
            RecordedEvents families = RecordedEvents.of(recording.run().options());
            exceptions = families.has("exceptions");
            kinds = ExactCounts.kindsOf(families.has("calls"), families.has("allocations"), exceptions);
        } else {
            recording = recording.refresh();
        }
        Markers markers = Markers.of(recording);
        Counting counting = new Counting(markers);
        try (EventReader events = checkpoint == null ? recording.newEventReader() : recording.newEventReader(checkpoint)) {
            while (events.visitNextBatch(counting)) {
                // each batch's events go to the windows open on their threads
            }
            checkpoint = events.checkpoint();
        }
    }

    private String signature(int methodId) {
        return signatures.computeIfAbsent(methodId, id -> Signatures.of(recording, id));
    }

    private boolean isProfq(int methodId) {
        return methodId != 0 && recording.method(methodId).classId() != 0
                && recording.classInfo(recording.method(methodId).classId()).name().equals(RecordingFormat.PROFQ_CLASS);
    }

    private String siteSubject(int siteId) {
        return siteSubjects.computeIfAbsent(siteId, id -> {
            SiteInfo site = recording.site(id);
            return ExactCounts.site(site.methodId() == 0 ? null : signature(site.methodId()), site.line(),
                    recording.classInfo(site.classId()).name());
        });
    }

    /** The ids of the window events' type and columns, once the recording names them. */
    private record Markers(int typeId, int windowColumn, int startsColumn, int threadsFromColumn) {
        static Markers of(Recording recording) {
            for (UserEventType type : recording.userEventTypes()) {
                if (type.name().equals(TestWindow.EVENT)) {
                    int window = -1;
                    int starts = -1;
                    int threadsFrom = -1;
                    for (UserEventColumn column : type.columns()) {
                        if (column.name().equals(TestWindow.WINDOW_COLUMN)) {
                            window = column.id();
                        } else if (column.name().equals(TestWindow.STARTS_COLUMN)) {
                            starts = column.id();
                        } else if (column.name().equals(TestWindow.THREADS_FROM_COLUMN)) {
                            threadsFrom = column.id();
                        }
                    }
                    return new Markers(type.id(), window, starts, threadsFrom);
                }
            }
            return new Markers(-1, -1, -1, -1);
        }
    }

    /**
     * The window whose events {@code threadId}'s are: the one open on it, else the one that opened
     * last before the thread was made (the counts of that thread, within it); null if none.
     */
    private Window windowOf(int threadId) {
        Window window = open.get(threadId);
        if (window != null || open.isEmpty()) {
            return window;
        }
        long javaThreadId = javaThreadIds.computeIfAbsent(threadId, id -> recording.thread(id).javaThreadId());
        Window maker = null;
        for (Window candidate : open.values()) {
            if (candidate.threadsFrom < javaThreadId && (maker == null || candidate.threadsFrom > maker.threadsFrom)) {
                maker = candidate;
            }
        }
        return maker == null ? null : maker.threads.computeIfAbsent(javaThreadId, thread -> new Window(0, Long.MAX_VALUE));
    }

    /** One open window's counts so far: its test thread's, and apart those of each thread made in it, by Java thread id. */
    private final class Window {
        final long id;
        /** Threads whose Java id is above this were made while the window was open. */
        final long threadsFrom;
        final Map<CountKind, Map<String, Long>> counts = new EnumMap<>(CountKind.class);
        final Map<Integer, Long> callsByContext = new HashMap<>();
        final Map<Long, Window> threads = new HashMap<>();

        Window(long id, long threadsFrom) {
            this.id = id;
            this.threadsFrom = threadsFrom;
            kinds.forEach(kind -> counts.put(kind, new TreeMap<>()));
        }

        void add(CountKind kind, String subject, long amount) {
            Map<String, Long> ofKind = counts.get(kind);
            if (ofKind != null) {
                ofKind.merge(subject, amount, Long::sum);
            }
        }
    }

    /** Hands each event of a thread with an open window to that window; opens and ends windows at their markers. */
    private final class Counting extends IgnoringEventVisitor {
        private final Markers markers;

        Counting(Markers markers) {
            this.markers = markers;
        }

        @Override
        public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
            if (exceptions) {
                openCalls.computeIfAbsent(threadId, thread -> new HashMap<>()).put(callId, methodId);
            }
            ContextStack stack = stacks.computeIfAbsent(threadId, thread -> new ContextStack());
            int context = contexts.intern(stack.top(), methodId);
            stack.push(context);
            Window window = windowOf(threadId);
            if (window != null && !isProfq(methodId)) {
                window.add(CountKind.CALLS, signature(methodId), 1);
                if (kinds.contains(CountKind.CALLS)) {
                    window.callsByContext.merge(context, 1L, Long::sum);
                }
            }
        }

        @Override
        public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                               long timeNanos, boolean threw) {
            ContextStack stack = stacks.get(threadId);
            if (stack != null) {
                stack.pop();
            }
            if (exceptions) {
                Map<Long, Integer> calls = openCalls.get(threadId);
                if (calls != null) {
                    calls.remove(callId);
                }
            }
        }

        @Override
        public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                              long sizeBytes, int arrayLength, boolean tracked) {
            Window window = windowOf(threadId);
            if (window != null) {
                String site = siteSubject(siteId);
                window.add(CountKind.OBJECTS, site, 1);
                window.add(CountKind.BYTES, site, sizeBytes);
            }
        }

        @Override
        public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
            Window window = windowOf(threadId);
            if (window != null) {
                Integer method = callId == 0 ? null : openCalls.getOrDefault(threadId, Map.of()).get(callId);
                window.add(CountKind.THROWS, ExactCounts.site(method == null ? null : signature(method), line,
                        recording.classInfo(classId).name()), 1);
            }
        }

        @Override
        public void userEvent(int threadId, long callId, int eventTypeId, long timeNanos, int valueCount, int[] columnIds,
                              long[] values) {
            if (eventTypeId != markers.typeId()) {
                return;
            }
            long id = 0;
            boolean starts = false;
            long threadsFrom = Long.MAX_VALUE; // no thread is the window's
            for (int i = 0; i < valueCount; i++) {
                if (columnIds[i] == markers.windowColumn()) {
                    id = values[i];
                } else if (columnIds[i] == markers.startsColumn()) {
                    starts = values[i] != 0;
                } else if (columnIds[i] == markers.threadsFromColumn()) {
                    threadsFrom = values[i];
                }
            }
            if (starts) {
                open.put(threadId, new Window(id, threadsFrom));
                return;
            }
            Window window = open.get(threadId);
            if (window != null && window.id == id) {
                open.remove(threadId);
                ended.put(id, window);
            }
        }
    }

    /** A window's exact counts, and its calls by calling context (ids of {@link #callsInside}'s contexts). */
    record WindowCounts(ExactCounts counts, Map<Integer, Long> callsByContext) {
    }

    /** One thread's open calls' contexts, innermost last; an exit with no recorded entry (a call begun before the recording) pops nothing. */
    private static final class ContextStack {
        private int[] contexts = new int[64];
        private int depth;

        int top() {
            return depth == 0 ? 0 : contexts[depth - 1];
        }

        void push(int context) {
            if (depth == contexts.length) {
                contexts = java.util.Arrays.copyOf(contexts, depth * 2);
            }
            contexts[depth++] = context;
        }

        void pop() {
            if (depth > 0) {
                depth--;
            }
        }
    }

    /** Calling contexts as ids: each a method and the context it was called from, interned. */
    private static final class CallingContexts {
        private final Map<Long, Integer> ids = new HashMap<>();
        private int[] parents = new int[1024];
        private int[] methods = new int[1024];
        private int count = 1; // 0 is no context: above a thread's outermost call

        int intern(int parent, int method) {
            return ids.computeIfAbsent(((long) parent << 32) | (method & 0xffffffffL), key -> {
                if (count == parents.length) {
                    parents = java.util.Arrays.copyOf(parents, count * 2);
                    methods = java.util.Arrays.copyOf(methods, count * 2);
                }
                parents[count] = parent;
                methods[count] = method;
                return count++;
            });
        }

        int parent(int context) {
            return parents[context];
        }

        int method(int context) {
            return methods[context];
        }
    }
}
