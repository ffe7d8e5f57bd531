package profq.corpus;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Jackson (jackson-core is a multi-release jar): records to JSON and back, a tree, doubles parsed by the per-release parser. */
public final class JacksonRoundTrip {
    public record Line(String product, int qty, double price) {}
    public record Order(int id, String customer, List<Line> lines) {}

    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
        Map<String, Order> orders = new TreeMap<>();
        for (int i = 0; i < 50; i++) {
            orders.put("o" + i, new Order(i, "c" + (i % 7), List.of(new Line("p" + (i % 5), i % 4 + 1, 1.25 * (i % 9)),
                    new Line("p" + (i % 3), 2, 0.1 + i / 8.0))));
        }
        String json = mapper.writeValueAsString(orders);
        JsonNode tree = mapper.readTree(json);
        double total = 0;
        for (JsonNode order : tree) {
            for (JsonNode line : order.get("lines")) {
                total += line.get("qty").asInt() * line.get("price").asDouble();
            }
        }
        System.out.printf("json %d chars, %d orders, total %.4f%n", json.length(), tree.size(), total);
        Order back = mapper.treeToValue(tree.get("o13"), Order.class);
        System.out.println(back);
        System.out.println(json.substring(0, 120));
    }
}
