import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.Function;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import io.opentelemetry.proto.profiles.v1development.Stack;

/**
 * Reads an OTLP profiles file with OpenTelemetry's own generated classes (run by OtlpExportIT as a
 * single-file program, on a class path of opentelemetry-proto and the protobuf runtime it needs)
 * and prints what the test checks, a fact a line: the resource's attributes, each profile's type,
 * unit, total and samples, each table's zero entry, and per profile the value of each leaf function.
 */
public class OtlpProfileReader {
    public static void main(String[] args) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(args[0]));
        ExportProfilesServiceRequest request = ExportProfilesServiceRequest.parseFrom(bytes);
        ProfilesData data = ProfilesData.parseFrom(bytes);
        System.out.println("same as ProfilesData " + data.getResourceProfilesList().equals(request.getResourceProfilesList())
                + " " + data.getDictionary().equals(request.getDictionary()));
        ProfilesDictionary dictionary = request.getDictionary();
        System.out.println("zero entries " + dictionary.getStringTable(0).isEmpty() + " "
                + dictionary.getMappingTable(0).equals(dictionary.getMappingTable(0).getDefaultInstanceForType()) + " "
                + dictionary.getLocationTable(0).equals(Location.getDefaultInstance()) + " "
                + dictionary.getFunctionTable(0).equals(Function.getDefaultInstance()) + " "
                + dictionary.getLinkTable(0).equals(dictionary.getLinkTable(0).getDefaultInstanceForType()) + " "
                + dictionary.getAttributeTable(0).equals(dictionary.getAttributeTable(0).getDefaultInstanceForType()) + " "
                + dictionary.getStackTable(0).equals(Stack.getDefaultInstance()));
        System.out.println("resources " + request.getResourceProfilesCount());
        for (KeyValue attribute : request.getResourceProfiles(0).getResource().getAttributesList()) {
            System.out.println("resource " + attribute.getKey() + "=" + (attribute.getValue().hasIntValue()
                    ? String.valueOf(attribute.getValue().getIntValue()) : attribute.getValue().getStringValue()));
        }
        ScopeProfiles scope = request.getResourceProfiles(0).getScopeProfiles(0);
        System.out.println("scope " + scope.getScope().getName());
        for (Profile profile : scope.getProfilesList()) {
            String type = dictionary.getStringTable(profile.getSampleType().getTypeStrindex()) + "/"
                    + dictionary.getStringTable(profile.getSampleType().getUnitStrindex());
            long total = 0;
            Map<String, Long> byLeaf = new TreeMap<>();
            for (Sample sample : profile.getSamplesList()) {
                long value = sample.getValues(0);
                total += value;
                Stack stack = dictionary.getStackTable(sample.getStackIndex());
                Location leaf = dictionary.getLocationTable(stack.getLocationIndices(0)); // the first location is the leaf
                Function function = dictionary.getFunctionTable(leaf.getLines(0).getFunctionIndex());
                byLeaf.merge(dictionary.getStringTable(function.getNameStrindex()), value, Long::sum);
            }
            System.out.println("profile " + type + " " + total + " " + profile.getSamplesCount() + " " + profile.getDurationNano()
                    + " " + (profile.getTimeUnixNano() > 0));
            byLeaf.forEach((leaf, value) -> System.out.println("leaf " + type + "\t" + leaf + "\t" + value));
        }
    }
}
