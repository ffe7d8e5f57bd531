package corpus

// Scala: case classes, sealed traits, pattern matching, collections, implicits / givens-free style shared by 2 and 3.
sealed trait Shape { def area: Double }
final case class Circle(r: Double) extends Shape { def area: Double = math.Pi * r * r }
final case class Rect(w: Double, h: Double) extends Shape { def area: Double = w * h }

object Bench {
  def describe(s: Shape): String = s match {
    case Circle(r) if r > 5 => "big circle"
    case Circle(_)          => "circle"
    case Rect(w, h) if w == h => "square"
    case Rect(_, _)         => "rect"
  }

  def main(args: Array[String]): Unit = {
    val shapes = (1 to 20).map(i => if (i % 2 == 0) Circle(i.toDouble) else Rect(i.toDouble, if (i % 3 == 0) i.toDouble else 2.0))
    println(f"total area ${shapes.map(_.area).sum}%.3f")
    println(shapes.groupBy(describe).view.mapValues(_.size).toList.sortBy(_._1))
    val primes = LazyList.from(2).filter(n => (2 to math.sqrt(n.toDouble).toInt).forall(n % _ != 0)).take(300).toList
    println(s"primes ${primes.size} last ${primes.last}")
    println((1 to 1000).foldLeft(Map.empty[Int, Int])((m, i) => m.updated(i % 7, m.getOrElse(i % 7, 0) + 1)).toList.sorted)
  }
}
