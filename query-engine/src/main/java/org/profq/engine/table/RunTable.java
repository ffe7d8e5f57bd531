package org.profq.engine.table;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Calibration;
import org.profq.recording.Recording;
import org.profq.recording.RecordingWindow;
import org.profq.recording.RunInfo;
import org.profq.recording.WeavingSummary;

/**
 * {@code run}: the one row describing the recording, from its header, totals and end record.
 * Without an end record the events lost are not known, only a lower bound.
 */
public final class RunTable extends DictionaryTable {

    public RunTable(LiveRecording live) {
        super(live, TableCatalog.RUN);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        RunInfo run = recording.run();
        Instant startedAt = Instant.ofEpochSecond(0, run.startedAtEpochNanos());
        Optional<Calibration> calibration = recording.calibration();
        boolean lossIsKnown = recording.end().isPresent(); // see Recording.eventsLost
        return Linq4j.asEnumerable(List.<Object[]>of(new Object[] {
                run.mainClass(), run.arguments(), run.jvm(), run.pid(), run.host(), startedAt.toString(),
                recording.durationNanos(), run.options(), run.clock(), run.tickNanos(), recording.eventCount(),
                lossIsKnown ? recording.eventsLost() : null, recording.eventsLost(), lossIsKnown,
                recording.window().map(RecordingWindow::startNanos).orElse(0L),
                recording.window().map(RecordingWindow::eventsDropped).orElse(0L),
                recording.weaving().map(WeavingSummary::woven).orElse(0L),
                recording.weaving().map(WeavingSummary::leftUnwoven).orElse(0L),
                recording.weaving().filter(WeavingSummary::countsMethods).map(WeavingSummary::methodsSeen).orElse(null),
                recording.weaving().filter(WeavingSummary::countsMethods).map(WeavingSummary::methodsLeftUnwoven).orElse(null),
                recording.weaving().filter(WeavingSummary::countsMethods).map(WeavingSummary::methodsLeftUnwovenPercent).orElse(null),
                calibration.map(Calibration::callCostNanos).orElse(0.0),
                calibration.map(Calibration::callInsideNanos).orElse(0.0),
                calibration.map(Calibration::allocationCostNanos).orElse(0.0),
                calibration.map(Calibration::cpuReadNanos).orElse(0L),
                calibration.map(Calibration::cpuPeriodNanos).orElse(0L)}));
    }
}
