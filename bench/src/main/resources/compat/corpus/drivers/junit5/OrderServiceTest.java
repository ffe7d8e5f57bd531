package profq.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** JUnit 5 tests run by the console launcher, with Mockito mocks (an interface and a final class, inline mock maker). */
class OrderServiceTest {
    interface Prices {
        double price(String product);
    }

    static final class Stock {
        int available(String product) {
            return 0;
        }
    }

    record OrderService(Prices prices, Stock stock) {
        double total(List<String> products) {
            return products.stream().filter(p -> stock.available(p) > 0).mapToDouble(prices::price).sum();
        }
    }

    @Test
    void totalsOnlyWhatIsInStock() {
        Prices prices = mock(Prices.class);
        Stock stock = mock(Stock.class);
        when(prices.price(anyString())).thenReturn(2.5);
        when(stock.available("a")).thenReturn(3);
        assertEquals(2.5, new OrderService(prices, stock).total(List.of("a", "b")));
        verify(prices, times(1)).price("a");
    }

    @ParameterizedTest
    @CsvSource({"1, 1, 2", "2, 3, 5", "10, -4, 6"})
    void adds(int a, int b, int sum) {
        assertEquals(sum, a + b);
    }
}
