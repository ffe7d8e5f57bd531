package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * The SQL script H2's {@code RunScript} executes: two tables filled by individual
 * {@code INSERT} statements (so the parser and the row store both work), an index, then
 * updates, joins with aggregates and a window-free top-N query. Generated from a fixed seed:
 * the same script, and so the same results, every time.
 */
final class H2Workload {
    private H2Workload() {
    }

    static Path write(Path file, int customers, int orders, int queries) {
        Random random = new Random(20261122L);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("CREATE TABLE customer(id INT PRIMARY KEY, name VARCHAR(40), region INT, since DATE);\n");
            out.write("CREATE TABLE orders(id INT PRIMARY KEY, customer_id INT, amount DECIMAL(10,2), "
                    + "order_day DATE, note VARCHAR(80));\n");
            for (int i = 0; i < customers; i++) {
                out.write(String.format(Locale.ROOT, "INSERT INTO customer VALUES(%d, 'customer-%05d', %d, DATE '2020-01-01' + %d);%n",
                        i, random.nextInt(100_000), random.nextInt(10), random.nextInt(1500)));
            }
            for (int i = 0; i < orders; i++) {
                out.write(String.format(Locale.ROOT, "INSERT INTO orders VALUES(%d, %d, %d.%02d, DATE '2024-01-01' + %d, 'order %d of %d');%n",
                        i, random.nextInt(customers), random.nextInt(5000), random.nextInt(100), random.nextInt(366),
                        i, orders));
            }
            out.write("CREATE INDEX orders_customer ON orders(customer_id);\n");
            for (int q = 0; q < queries; q++) {
                int region = q % 10;
                int threshold = random.nextInt(4000);
                out.write(String.format(Locale.ROOT, "UPDATE orders SET amount = amount + 1 WHERE customer_id %% 97 = %d;%n", q % 97));
                out.write(String.format(Locale.ROOT, "SELECT c.region, COUNT(*), SUM(o.amount), MIN(o.order_day), MAX(o.order_day) "
                        + "FROM customer c JOIN orders o ON o.customer_id = c.id WHERE o.amount > %d "
                        + "GROUP BY c.region ORDER BY c.region;%n", threshold));
                out.write(String.format(Locale.ROOT, "SELECT c.name, SUM(o.amount) AS total FROM customer c JOIN orders o "
                        + "ON o.customer_id = c.id WHERE c.region = %d GROUP BY c.name ORDER BY total DESC, c.name LIMIT 5;%n", region));
                out.write(String.format(Locale.ROOT, "SELECT MONTH(order_day) AS m, COUNT(DISTINCT customer_id), AVG(amount) FROM orders "
                        + "WHERE note LIKE '%%%d of%%' OR amount < %d GROUP BY m ORDER BY m;%n", q, threshold / 10));
            }
            out.write("SELECT COUNT(*), SUM(amount) FROM orders;\n");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
