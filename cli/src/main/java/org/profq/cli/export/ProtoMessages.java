package org.profq.cli.export;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

import com.google.protobuf.CodedOutputStream;

/** Protobuf messages written field by field, for the formats whose protos profq does not compile (Perfetto's, pprof's). */
final class ProtoMessages {
    /** Writes a message's fields. */
    interface Fields {
        void write(CodedOutputStream out) throws IOException;
    }

    /** The bytes of the message {@code fields} writes, to be written as a length-delimited field. */
    static byte[] message(Fields fields) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        fields.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    private ProtoMessages() {
    }
}
