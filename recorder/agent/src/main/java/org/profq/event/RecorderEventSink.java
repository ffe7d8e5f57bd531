package org.profq.event;

import java.nio.file.Path;

import org.profq.api.Event;
import org.profq.api.EventSink;

/** Where {@code org.profq.api.Profq} hands a program's events and flushes once the agent records: the recorder. */
public final class RecorderEventSink implements EventSink {
    private final Path directory;

    public RecorderEventSink(Path directory) {
        this.directory = directory;
    }

    @Override
    public Event event(String name) {
        return Recorder.userEvent(name);
    }

    @Override
    public void flush() {
        Recorder.flushThread();
    }

    @Override
    public Path directory() {
        return directory;
    }
}
