package profq.samples.events;

import java.util.ArrayDeque;

import org.profq.api.Profq;

/**
 * User-defined events, called directly: a queue takes one request per step for 10 steps and
 * serves two every third step; after each step {@code report} emits a {@code queue_length}
 * event (step, length, and whether it grew). Lengths by step: 1, 2, 1, 2, 3, 2, 3, 4, 3, 4.
 * With the argument {@code conflict} it then emits one more whose {@code length} is a string,
 * which the recording refuses (a type conflict: counted as lost, said once in its warnings).
 * Prints {@code served 6}. Without profq recording, the events go nowhere.
 */
public final class QueueLengths {
    public static void main(String[] args) {
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int served = 0;
        for (int step = 1; step <= 10; step++) {
            int before = queue.size();
            queue.add(step);
            if (step % 3 == 0) {
                queue.poll();
                queue.poll();
                served += 2;
            }
            report(step, queue.size(), queue.size() > before);
        }
        if (args.length > 0 && args[0].equals("conflict")) {
            Profq.event("queue_length").put("step", 11).put("length", "eleven").emit();
        }
        System.out.println("served " + served);
    }

    static void report(int step, int length, boolean grew) {
        Profq.event("queue_length").put("step", step).put("length", length).put("grew", grew).emit();
    }

    private QueueLengths() {
    }
}
