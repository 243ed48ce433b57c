package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.server.error.AccessDeniedException;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import org.junit.jupiter.api.Test;

class ErrorStatusTest {
  @Test
  void eachDomainExceptionHasTheStatusOfApiMdSection3() {
    assertEquals(400, ErrorStatus.of(new InvalidRequestException("minprice: not a number")));
    assertEquals(403, ErrorStatus.of(new AccessDeniedException("vendor: 'x' is not available")));
    assertEquals(404, ErrorStatus.of(new NotFoundException("listing 1 not found")));
    assertEquals(503, ErrorStatus.of(new IndexUnavailableException("vendor x has no index yet")));
  }
}
