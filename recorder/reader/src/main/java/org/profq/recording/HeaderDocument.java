package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

import java.util.Arrays;

import org.profq.format.ByteCursor;
import org.profq.format.DocumentChecksums;

/**
 * Reads a recording's first document: the magic, the format version, and the run metadata.
 * A recording of another major version is refused for that, even when its header does not
 * match this version's checksum: it is not damaged, only made by another profq.
 */
final class HeaderDocument {

    /** The run metadata of the header {@code bytes[0, length)} read from {@code fileName}. */
    static RunInfo read(byte[] bytes, int length, String fileName, DocumentChecksums checksums) {
        ByteCursor in = new ByteCursor().reset(bytes, 0, length);
        if (in.readByte() != DOC_HEADER || !Arrays.equals(in.readBytes(MAGIC.length), MAGIC)) {
            throw new RecordingException(fileName + " does not start with a profq header: it is not a profq recording.");
        }
        int major = in.readInt();
        int minor = in.readInt();
        if (major != MAJOR_VERSION) {
            throw new RecordingException(fileName + " has recording format version " + major + "." + minor
                    + "; this profq reads version " + MAJOR_VERSION + ".x: open it with a matching profq.");
        }
        if (!checksums.trailerMatches(bytes, length)) {
            throw new ByteCursor.MalformedRecordException("its header does not match its CRC32C checksum");
        }
        in.reset(bytes, 1 + MAGIC.length, length - CHECKSUM_BYTES);
        in.readInt();
        in.readInt();
        return new RunInfo(major, minor, in.readString(), in.readString(), in.readString(), in.readVarint(),
                in.readString(), in.readVarint(), in.readString(), in.readString(), in.readVarint());
    }

    private HeaderDocument() {
    }
}
