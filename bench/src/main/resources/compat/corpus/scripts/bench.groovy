// Groovy: closures, GStrings, collections, a class with properties, dynamic dispatch.
class Item {
    String name
    int qty
    BigDecimal price
    BigDecimal total() { qty * price }
}
def items = (1..200).collect { new Item(name: "item${it % 17}", qty: it % 7 + 1, price: new BigDecimal(it % 13 + 1) / 4) }
def byName = items.groupBy { it.name }.collectEntries { k, v -> [k, v.sum { it.total() }] }.sort()
byName.each { k, v -> println "$k: $v" }
println "largest: ${items.max { it.total() }.total()}"
def fib
fib = { n -> n < 2 ? n : fib(n - 1) + fib(n - 2) }
println "fib(20) = ${fib(20)}"
println items.findAll { it.qty > 5 }.collect { it.name }.unique().sort().join(',')
