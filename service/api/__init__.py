"""The HTTP layer: strict body decoding (:mod:`.decoding`), routes, RFC 9457 errors (:mod:`.errors`)."""
