package corpus

data class Point(val x: Int, val y: Int)

sealed interface Shape { fun area(): Double }
class Circle(val r: Double) : Shape { override fun area() = Math.PI * r * r }
class Rect(val w: Double, val h: Double) : Shape { override fun area() = w * h }

fun main() {
    val shapes = (1..10).map { if (it % 2 == 0) Circle(it.toDouble()) else Rect(it.toDouble(), 2.0) }
    println("area %.2f".format(shapes.sumOf { it.area() }))
    println((1..5).map { Point(it, it * it) }.filter { it.y > 3 })
}
