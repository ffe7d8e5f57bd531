// A small Kotlin program for profq's compatibility suite: word statistics over a generated text,
// written the way Kotlin code is written (data classes, extension functions, lambdas, sequences,
// Regex, sealed classes, object declarations, inline functions, string templates), so the
// classes the Kotlin compiler and kotlin-stdlib make are the ones woven. Output is deterministic.
package profq.compat.kotlin

data class WordCount(val word: String, val count: Int)

sealed class Token {
    data class Word(val text: String) : Token()
    data class Number(val value: Long) : Token()
    object Separator : Token()
}

object Vocabulary {
    val syllables = listOf("ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "xe", "zu", "pre", "ost")
}

fun String.capitalised(): String = replaceFirstChar { if (it.isLowerCase()) it.titlecase() else it.toString() }

inline fun <T> timesDo(n: Int, block: (Int) -> T): List<T> = (0 until n).map(block)

fun generate(lines: Int, seed: Long): Sequence<String> {
    var state = seed
    fun next(bound: Int): Int {
        state = (state * 6364136223846793005L + 1442695040888963407L)
        return ((state ushr 33) % bound).toInt()
    }
    return generateSequence(0) { it + 1 }.take(lines).map { line ->
        timesDo(3 + next(9)) {
            when (next(10)) {
                0 -> (next(100000)).toString()
                else -> timesDo(1 + next(3)) { Vocabulary.syllables[next(Vocabulary.syllables.size)] }.joinToString("")
            }
        }.joinToString(if (line % 7 == 0) ", " else " ")
    }
}

fun tokenize(line: String): List<Token> =
    Regex("""(\d+)|([a-z]+)|([,\s]+)""").findAll(line).map { m ->
        when {
            m.groups[1] != null -> Token.Number(m.value.toLong())
            m.groups[2] != null -> Token.Word(m.value)
            else -> Token.Separator
        }
    }.toList()

fun main(args: Array<String>) {
    val lines = args.firstOrNull()?.toInt() ?: 20000
    val tokens = generate(lines, 42L).flatMap { tokenize(it).asSequence() }.toList()
    val words = tokens.filterIsInstance<Token.Word>().map { it.text }
    val numbers = tokens.filterIsInstance<Token.Number>().map { it.value }
    val counts = words.groupingBy { it }.eachCount()
        .map { (word, count) -> WordCount(word, count) }
        .sortedWith(compareByDescending<WordCount> { it.count }.thenBy { it.word })
    println("lines: $lines, tokens: ${tokens.size}, words: ${words.size}, distinct: ${counts.size}")
    println("separators: ${tokens.count { it is Token.Separator }}")
    println("numbers: ${numbers.size}, sum ${numbers.sum()}, max ${numbers.maxOrNull()}, mean ${"%.3f".format(numbers.average())}")
    counts.take(15).forEachIndexed { i, wc -> println("${i + 1}. ${wc.word.capitalised()} ${wc.count}") }
    val byLength = words.groupBy { it.length }.toSortedMap().mapValues { it.value.size }
    println("by length: $byLength")
    val palindromes = counts.asSequence().map { it.word }.filter { it.length > 3 && it == it.reversed() }.take(5).toList()
    println("palindromes: $palindromes")
    val chunked = words.chunked(1000).map { chunk -> chunk.distinct().size }
    println("distinct per 1000 words: first ${chunked.first()}, last ${chunked.last()}, chunks ${chunked.size}")
    val text = words.take(2000).joinToString(" ")
    println("text hash ${text.hashCode()}, windows ${text.windowed(5, 3).count { it.startsWith("ka") }}")
}
