package profq.samples;

/**
 * Loads 200 classes in one method, {@code loadAll}: each is woven as it loads (with the woven-class
 * cache off, afresh), inside the call, so the weaving is profq's time within the program's call.
 * The classes are generated into this file (200 small nested classes), each with one method.
 */
public final class ManyClasses {
    public static void main(String[] args) {
        System.out.println(loadAll());
    }

    static long loadAll() {
        long sum = 0;
        sum += Loaded0.value();
        sum += Loaded1.value();
        sum += Loaded2.value();
        sum += Loaded3.value();
        sum += Loaded4.value();
        sum += Loaded5.value();
        sum += Loaded6.value();
        sum += Loaded7.value();
        sum += Loaded8.value();
        sum += Loaded9.value();
        sum += Loaded10.value();
        sum += Loaded11.value();
        sum += Loaded12.value();
        sum += Loaded13.value();
        sum += Loaded14.value();
        sum += Loaded15.value();
        sum += Loaded16.value();
        sum += Loaded17.value();
        sum += Loaded18.value();
        sum += Loaded19.value();
        sum += Loaded20.value();
        sum += Loaded21.value();
        sum += Loaded22.value();
        sum += Loaded23.value();
        sum += Loaded24.value();
        sum += Loaded25.value();
        sum += Loaded26.value();
        sum += Loaded27.value();
        sum += Loaded28.value();
        sum += Loaded29.value();
        sum += Loaded30.value();
        sum += Loaded31.value();
        sum += Loaded32.value();
        sum += Loaded33.value();
        sum += Loaded34.value();
        sum += Loaded35.value();
        sum += Loaded36.value();
        sum += Loaded37.value();
        sum += Loaded38.value();
        sum += Loaded39.value();
        sum += Loaded40.value();
        sum += Loaded41.value();
        sum += Loaded42.value();
        sum += Loaded43.value();
        sum += Loaded44.value();
        sum += Loaded45.value();
        sum += Loaded46.value();
        sum += Loaded47.value();
        sum += Loaded48.value();
        sum += Loaded49.value();
        sum += Loaded50.value();
        sum += Loaded51.value();
        sum += Loaded52.value();
        sum += Loaded53.value();
        sum += Loaded54.value();
        sum += Loaded55.value();
        sum += Loaded56.value();
        sum += Loaded57.value();
        sum += Loaded58.value();
        sum += Loaded59.value();
        sum += Loaded60.value();
        sum += Loaded61.value();
        sum += Loaded62.value();
        sum += Loaded63.value();
        sum += Loaded64.value();
        sum += Loaded65.value();
        sum += Loaded66.value();
        sum += Loaded67.value();
        sum += Loaded68.value();
        sum += Loaded69.value();
        sum += Loaded70.value();
        sum += Loaded71.value();
        sum += Loaded72.value();
        sum += Loaded73.value();
        sum += Loaded74.value();
        sum += Loaded75.value();
        sum += Loaded76.value();
        sum += Loaded77.value();
        sum += Loaded78.value();
        sum += Loaded79.value();
        sum += Loaded80.value();
        sum += Loaded81.value();
        sum += Loaded82.value();
        sum += Loaded83.value();
        sum += Loaded84.value();
        sum += Loaded85.value();
        sum += Loaded86.value();
        sum += Loaded87.value();
        sum += Loaded88.value();
        sum += Loaded89.value();
        sum += Loaded90.value();
        sum += Loaded91.value();
        sum += Loaded92.value();
        sum += Loaded93.value();
        sum += Loaded94.value();
        sum += Loaded95.value();
        sum += Loaded96.value();
        sum += Loaded97.value();
        sum += Loaded98.value();
        sum += Loaded99.value();
        sum += Loaded100.value();
        sum += Loaded101.value();
        sum += Loaded102.value();
        sum += Loaded103.value();
        sum += Loaded104.value();
        sum += Loaded105.value();
        sum += Loaded106.value();
        sum += Loaded107.value();
        sum += Loaded108.value();
        sum += Loaded109.value();
        sum += Loaded110.value();
        sum += Loaded111.value();
        sum += Loaded112.value();
        sum += Loaded113.value();
        sum += Loaded114.value();
        sum += Loaded115.value();
        sum += Loaded116.value();
        sum += Loaded117.value();
        sum += Loaded118.value();
        sum += Loaded119.value();
        sum += Loaded120.value();
        sum += Loaded121.value();
        sum += Loaded122.value();
        sum += Loaded123.value();
        sum += Loaded124.value();
        sum += Loaded125.value();
        sum += Loaded126.value();
        sum += Loaded127.value();
        sum += Loaded128.value();
        sum += Loaded129.value();
        sum += Loaded130.value();
        sum += Loaded131.value();
        sum += Loaded132.value();
        sum += Loaded133.value();
        sum += Loaded134.value();
        sum += Loaded135.value();
        sum += Loaded136.value();
        sum += Loaded137.value();
        sum += Loaded138.value();
        sum += Loaded139.value();
        sum += Loaded140.value();
        sum += Loaded141.value();
        sum += Loaded142.value();
        sum += Loaded143.value();
        sum += Loaded144.value();
        sum += Loaded145.value();
        sum += Loaded146.value();
        sum += Loaded147.value();
        sum += Loaded148.value();
        sum += Loaded149.value();
        sum += Loaded150.value();
        sum += Loaded151.value();
        sum += Loaded152.value();
        sum += Loaded153.value();
        sum += Loaded154.value();
        sum += Loaded155.value();
        sum += Loaded156.value();
        sum += Loaded157.value();
        sum += Loaded158.value();
        sum += Loaded159.value();
        sum += Loaded160.value();
        sum += Loaded161.value();
        sum += Loaded162.value();
        sum += Loaded163.value();
        sum += Loaded164.value();
        sum += Loaded165.value();
        sum += Loaded166.value();
        sum += Loaded167.value();
        sum += Loaded168.value();
        sum += Loaded169.value();
        sum += Loaded170.value();
        sum += Loaded171.value();
        sum += Loaded172.value();
        sum += Loaded173.value();
        sum += Loaded174.value();
        sum += Loaded175.value();
        sum += Loaded176.value();
        sum += Loaded177.value();
        sum += Loaded178.value();
        sum += Loaded179.value();
        sum += Loaded180.value();
        sum += Loaded181.value();
        sum += Loaded182.value();
        sum += Loaded183.value();
        sum += Loaded184.value();
        sum += Loaded185.value();
        sum += Loaded186.value();
        sum += Loaded187.value();
        sum += Loaded188.value();
        sum += Loaded189.value();
        sum += Loaded190.value();
        sum += Loaded191.value();
        sum += Loaded192.value();
        sum += Loaded193.value();
        sum += Loaded194.value();
        sum += Loaded195.value();
        sum += Loaded196.value();
        sum += Loaded197.value();
        sum += Loaded198.value();
        sum += Loaded199.value();
        return sum;
    }

    static final class Loaded0 { static long value() { return 0L; } }
    static final class Loaded1 { static long value() { return 1L; } }
    static final class Loaded2 { static long value() { return 2L; } }
    static final class Loaded3 { static long value() { return 3L; } }
    static final class Loaded4 { static long value() { return 4L; } }
    static final class Loaded5 { static long value() { return 5L; } }
    static final class Loaded6 { static long value() { return 6L; } }
    static final class Loaded7 { static long value() { return 7L; } }
    static final class Loaded8 { static long value() { return 8L; } }
    static final class Loaded9 { static long value() { return 9L; } }
    static final class Loaded10 { static long value() { return 10L; } }
    static final class Loaded11 { static long value() { return 11L; } }
    static final class Loaded12 { static long value() { return 12L; } }
    static final class Loaded13 { static long value() { return 13L; } }
    static final class Loaded14 { static long value() { return 14L; } }
    static final class Loaded15 { static long value() { return 15L; } }
    static final class Loaded16 { static long value() { return 16L; } }
    static final class Loaded17 { static long value() { return 17L; } }
    static final class Loaded18 { static long value() { return 18L; } }
    static final class Loaded19 { static long value() { return 19L; } }
    static final class Loaded20 { static long value() { return 20L; } }
    static final class Loaded21 { static long value() { return 21L; } }
    static final class Loaded22 { static long value() { return 22L; } }
    static final class Loaded23 { static long value() { return 23L; } }
    static final class Loaded24 { static long value() { return 24L; } }
    static final class Loaded25 { static long value() { return 25L; } }
    static final class Loaded26 { static long value() { return 26L; } }
    static final class Loaded27 { static long value() { return 27L; } }
    static final class Loaded28 { static long value() { return 28L; } }
    static final class Loaded29 { static long value() { return 29L; } }
    static final class Loaded30 { static long value() { return 30L; } }
    static final class Loaded31 { static long value() { return 31L; } }
    static final class Loaded32 { static long value() { return 32L; } }
    static final class Loaded33 { static long value() { return 33L; } }
    static final class Loaded34 { static long value() { return 34L; } }
    static final class Loaded35 { static long value() { return 35L; } }
    static final class Loaded36 { static long value() { return 36L; } }
    static final class Loaded37 { static long value() { return 37L; } }
    static final class Loaded38 { static long value() { return 38L; } }
    static final class Loaded39 { static long value() { return 39L; } }
    static final class Loaded40 { static long value() { return 40L; } }
    static final class Loaded41 { static long value() { return 41L; } }
    static final class Loaded42 { static long value() { return 42L; } }
    static final class Loaded43 { static long value() { return 43L; } }
    static final class Loaded44 { static long value() { return 44L; } }
    static final class Loaded45 { static long value() { return 45L; } }
    static final class Loaded46 { static long value() { return 46L; } }
    static final class Loaded47 { static long value() { return 47L; } }
    static final class Loaded48 { static long value() { return 48L; } }
    static final class Loaded49 { static long value() { return 49L; } }
    static final class Loaded50 { static long value() { return 50L; } }
    static final class Loaded51 { static long value() { return 51L; } }
    static final class Loaded52 { static long value() { return 52L; } }
    static final class Loaded53 { static long value() { return 53L; } }
    static final class Loaded54 { static long value() { return 54L; } }
    static final class Loaded55 { static long value() { return 55L; } }
    static final class Loaded56 { static long value() { return 56L; } }
    static final class Loaded57 { static long value() { return 57L; } }
    static final class Loaded58 { static long value() { return 58L; } }
    static final class Loaded59 { static long value() { return 59L; } }
    static final class Loaded60 { static long value() { return 60L; } }
    static final class Loaded61 { static long value() { return 61L; } }
    static final class Loaded62 { static long value() { return 62L; } }
    static final class Loaded63 { static long value() { return 63L; } }
    static final class Loaded64 { static long value() { return 64L; } }
    static final class Loaded65 { static long value() { return 65L; } }
    static final class Loaded66 { static long value() { return 66L; } }
    static final class Loaded67 { static long value() { return 67L; } }
    static final class Loaded68 { static long value() { return 68L; } }
    static final class Loaded69 { static long value() { return 69L; } }
    static final class Loaded70 { static long value() { return 70L; } }
    static final class Loaded71 { static long value() { return 71L; } }
    static final class Loaded72 { static long value() { return 72L; } }
    static final class Loaded73 { static long value() { return 73L; } }
    static final class Loaded74 { static long value() { return 74L; } }
    static final class Loaded75 { static long value() { return 75L; } }
    static final class Loaded76 { static long value() { return 76L; } }
    static final class Loaded77 { static long value() { return 77L; } }
    static final class Loaded78 { static long value() { return 78L; } }
    static final class Loaded79 { static long value() { return 79L; } }
    static final class Loaded80 { static long value() { return 80L; } }
    static final class Loaded81 { static long value() { return 81L; } }
    static final class Loaded82 { static long value() { return 82L; } }
    static final class Loaded83 { static long value() { return 83L; } }
    static final class Loaded84 { static long value() { return 84L; } }
    static final class Loaded85 { static long value() { return 85L; } }
    static final class Loaded86 { static long value() { return 86L; } }
    static final class Loaded87 { static long value() { return 87L; } }
    static final class Loaded88 { static long value() { return 88L; } }
    static final class Loaded89 { static long value() { return 89L; } }
    static final class Loaded90 { static long value() { return 90L; } }
    static final class Loaded91 { static long value() { return 91L; } }
    static final class Loaded92 { static long value() { return 92L; } }
    static final class Loaded93 { static long value() { return 93L; } }
    static final class Loaded94 { static long value() { return 94L; } }
    static final class Loaded95 { static long value() { return 95L; } }
    static final class Loaded96 { static long value() { return 96L; } }
    static final class Loaded97 { static long value() { return 97L; } }
    static final class Loaded98 { static long value() { return 98L; } }
    static final class Loaded99 { static long value() { return 99L; } }
    static final class Loaded100 { static long value() { return 100L; } }
    static final class Loaded101 { static long value() { return 101L; } }
    static final class Loaded102 { static long value() { return 102L; } }
    static final class Loaded103 { static long value() { return 103L; } }
    static final class Loaded104 { static long value() { return 104L; } }
    static final class Loaded105 { static long value() { return 105L; } }
    static final class Loaded106 { static long value() { return 106L; } }
    static final class Loaded107 { static long value() { return 107L; } }
    static final class Loaded108 { static long value() { return 108L; } }
    static final class Loaded109 { static long value() { return 109L; } }
    static final class Loaded110 { static long value() { return 110L; } }
    static final class Loaded111 { static long value() { return 111L; } }
    static final class Loaded112 { static long value() { return 112L; } }
    static final class Loaded113 { static long value() { return 113L; } }
    static final class Loaded114 { static long value() { return 114L; } }
    static final class Loaded115 { static long value() { return 115L; } }
    static final class Loaded116 { static long value() { return 116L; } }
    static final class Loaded117 { static long value() { return 117L; } }
    static final class Loaded118 { static long value() { return 118L; } }
    static final class Loaded119 { static long value() { return 119L; } }
    static final class Loaded120 { static long value() { return 120L; } }
    static final class Loaded121 { static long value() { return 121L; } }
    static final class Loaded122 { static long value() { return 122L; } }
    static final class Loaded123 { static long value() { return 123L; } }
    static final class Loaded124 { static long value() { return 124L; } }
    static final class Loaded125 { static long value() { return 125L; } }
    static final class Loaded126 { static long value() { return 126L; } }
    static final class Loaded127 { static long value() { return 127L; } }
    static final class Loaded128 { static long value() { return 128L; } }
    static final class Loaded129 { static long value() { return 129L; } }
    static final class Loaded130 { static long value() { return 130L; } }
    static final class Loaded131 { static long value() { return 131L; } }
    static final class Loaded132 { static long value() { return 132L; } }
    static final class Loaded133 { static long value() { return 133L; } }
    static final class Loaded134 { static long value() { return 134L; } }
    static final class Loaded135 { static long value() { return 135L; } }
    static final class Loaded136 { static long value() { return 136L; } }
    static final class Loaded137 { static long value() { return 137L; } }
    static final class Loaded138 { static long value() { return 138L; } }
    static final class Loaded139 { static long value() { return 139L; } }
    static final class Loaded140 { static long value() { return 140L; } }
    static final class Loaded141 { static long value() { return 141L; } }
    static final class Loaded142 { static long value() { return 142L; } }
    static final class Loaded143 { static long value() { return 143L; } }
    static final class Loaded144 { static long value() { return 144L; } }
    static final class Loaded145 { static long value() { return 145L; } }
    static final class Loaded146 { static long value() { return 146L; } }
    static final class Loaded147 { static long value() { return 147L; } }
    static final class Loaded148 { static long value() { return 148L; } }
    static final class Loaded149 { static long value() { return 149L; } }
    static final class Loaded150 { static long value() { return 150L; } }
    static final class Loaded151 { static long value() { return 151L; } }
    static final class Loaded152 { static long value() { return 152L; } }
    static final class Loaded153 { static long value() { return 153L; } }
    static final class Loaded154 { static long value() { return 154L; } }
    static final class Loaded155 { static long value() { return 155L; } }
    static final class Loaded156 { static long value() { return 156L; } }
    static final class Loaded157 { static long value() { return 157L; } }
    static final class Loaded158 { static long value() { return 158L; } }
    static final class Loaded159 { static long value() { return 159L; } }
    static final class Loaded160 { static long value() { return 160L; } }
    static final class Loaded161 { static long value() { return 161L; } }
    static final class Loaded162 { static long value() { return 162L; } }
    static final class Loaded163 { static long value() { return 163L; } }
    static final class Loaded164 { static long value() { return 164L; } }
    static final class Loaded165 { static long value() { return 165L; } }
    static final class Loaded166 { static long value() { return 166L; } }
    static final class Loaded167 { static long value() { return 167L; } }
    static final class Loaded168 { static long value() { return 168L; } }
    static final class Loaded169 { static long value() { return 169L; } }
    static final class Loaded170 { static long value() { return 170L; } }
    static final class Loaded171 { static long value() { return 171L; } }
    static final class Loaded172 { static long value() { return 172L; } }
    static final class Loaded173 { static long value() { return 173L; } }
    static final class Loaded174 { static long value() { return 174L; } }
    static final class Loaded175 { static long value() { return 175L; } }
    static final class Loaded176 { static long value() { return 176L; } }
    static final class Loaded177 { static long value() { return 177L; } }
    static final class Loaded178 { static long value() { return 178L; } }
    static final class Loaded179 { static long value() { return 179L; } }
    static final class Loaded180 { static long value() { return 180L; } }
    static final class Loaded181 { static long value() { return 181L; } }
    static final class Loaded182 { static long value() { return 182L; } }
    static final class Loaded183 { static long value() { return 183L; } }
    static final class Loaded184 { static long value() { return 184L; } }
    static final class Loaded185 { static long value() { return 185L; } }
    static final class Loaded186 { static long value() { return 186L; } }
    static final class Loaded187 { static long value() { return 187L; } }
    static final class Loaded188 { static long value() { return 188L; } }
    static final class Loaded189 { static long value() { return 189L; } }
    static final class Loaded190 { static long value() { return 190L; } }
    static final class Loaded191 { static long value() { return 191L; } }
    static final class Loaded192 { static long value() { return 192L; } }
    static final class Loaded193 { static long value() { return 193L; } }
    static final class Loaded194 { static long value() { return 194L; } }
    static final class Loaded195 { static long value() { return 195L; } }
    static final class Loaded196 { static long value() { return 196L; } }
    static final class Loaded197 { static long value() { return 197L; } }
    static final class Loaded198 { static long value() { return 198L; } }
    static final class Loaded199 { static long value() { return 199L; } }

    private ManyClasses() {
    }
}
