package profq.corpus.boot;

import java.util.List;
import java.util.stream.Collectors;

import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/** A Spring Boot application run from its executable fat jar: configuration classes (CGLIB-proxied), beans, a runner. */
@SpringBootApplication
public class App {
    public static void main(String[] args) {
        SpringApplication.run(App.class, args).close();
    }

    @Bean
    List<String> regions() {
        return List.of("north", "south", "east", "west");
    }

    @Component
    static class Report implements CommandLineRunner {
        private final List<String> regions;

        Report(List<String> regions) {
            this.regions = regions;
        }

        @Override
        public void run(String... args) {
            System.out.println("regions " + regions.stream().sorted().collect(Collectors.joining(",")));
            System.out.println("loaded by " + getClass().getClassLoader().getClass().getSimpleName());
        }
    }
}
