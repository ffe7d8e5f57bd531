package org.profq.event;

/**
 * The calibration's figures on their way into the recording ({@code DOC_CALIBRATION}), written
 * once: a call's cost measured in place ({@link InPlaceCallCost}) when that is done before the
 * recording ends, else the cost on the advice path ({@link OverheadCalibration}), which comes
 * first. The end of the recording waits for the latter only, so that a short program does not
 * wait for the in-place measure at its exit. An in-place cost that did not settle is not taken (the
 * advice path's is, with a warning); an advice path's cost that did not settle is taken with a
 * warning that compensation may take off more than the calls paid.
 */
final class CalibrationFigures {
    private final Dictionary dictionary;
    private OverheadCalibration.Result advicePath;
    private long cpuPeriodNanos;
    private boolean finished;
    private boolean written;

    CalibrationFigures(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** The figures measured on the advice path; {@code cpuPeriodNanos}: how often CPU times are read (0: never). */
    synchronized void advicePath(OverheadCalibration.Result result, long cpuPeriodNanos) {
        advicePath = result;
        this.cpuPeriodNanos = cpuPeriodNanos;
        notifyAll();
    }

    /** A call's cost measured in place: written with the advice path's other figures, unless the recording has ended. */
    synchronized void inPlace(InPlaceCallCost.Result result) {
        if (written || advicePath == null) {
            return;
        }
        if (result.settled()) {
            write(result.callCostPicos(), result.callInsidePicos());
        } else {
            dictionary.warning("the advice's cost per call at a woven call site had not stopped falling when its measure ended"
                    + " (the machine's cores were busy): compensation uses the cost on the advice's own path, and may take less off"
                    + " the callers of recorded calls than they paid");
        }
    }

    /** A call's cost could not be measured in place: the recording says why, unless it has ended (its log may be closed). */
    synchronized void notInPlace(Throwable reason) {
        if (!written) {
            dictionary.warning("the advice's cost per call was measured on its own path, not at a woven call site (" + reason
                    + "): compensation may take less off the callers of recorded calls than they paid");
        }
    }

    /** The calibration thread is done, whatever it measured. */
    synchronized void finished() {
        finished = true;
        notifyAll();
    }

    /** Whether the recording's end has taken the figures: measuring on is for nothing. */
    synchronized boolean ended() {
        return written;
    }

    /**
     * At the recording's end: waits up to {@code timeoutMillis} for the advice path's figures and
     * writes them, unless the in-place ones were written.
     */
    synchronized void atEnd(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        for (long left = timeoutMillis; advicePath == null && !finished && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
            wait(left);
        }
        if (!written && advicePath != null) {
            write(advicePath.callCostPicos(), advicePath.callInsidePicos());
        }
        written = true;
    }

    private void write(long callCostPicos, long callInsidePicos) {
        if (!advicePath.settled()) {
            dictionary.warning("the advice's cost had not stopped falling when its measure ended (the machine's cores were busy):"
                    + " compensation may take more off recorded calls than they paid, and their times may be too low");
        }
        dictionary.calibration(callCostPicos, callInsidePicos, advicePath.allocationCostPicos(), advicePath.cpuReadNanos(),
                cpuPeriodNanos);
        written = true;
    }
}
