"""The HTTP layer: strict body decoding (:mod:`.decoding`), routes (:mod:`.routes`), errors as RFC 9457 problems (:mod:`.errors`)."""
