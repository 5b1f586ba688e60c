package collect

import (
	"net/http"
	"strings"
)

// Error answers that retrying cannot change, recognised by their message
// whatever the HTTP status (servers differ: llama.cpp refuses an
// unsupported parameter with 500).

// contextPhrases are what servers say when a prompt does not fit the
// model's context: OpenAI and vLLM ("maximum context length", code
// context_length_exceeded), llama.cpp ("the request exceeds the available
// context size, try increasing it", type exceed_context_size_error), TGI
// ("must have less than N tokens"), and others.
var contextPhrases = []string{
	"context length", "context_length", "maximum context", "too long", "exceeds the context",
	"context window", "context size", "exceed_context_size", "must have less than",
}

// isContextLength reports whether a lower-cased error message says the
// prompt does not fit the context.
func isContextLength(lower string) bool {
	for _, p := range contextPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// unsupportedPhrases are what servers say when they refuse a parameter for
// good: llama.cpp ("Unsupported param: echo", newer "Only no echo is
// supported"; "Only one completion choice is allowed" for n > 1), OpenAI ("Unsupported parameter: 'logprobs' is not supported
// with this model"), and the like.
var unsupportedPhrases = []string{
	"unsupported param", "unsupported value", "not supported", "is unsupported", "does not support",
	"only no echo is supported", "only one completion choice is allowed",
}

// isUnsupported reports whether an error answer (status st, lower-cased
// message) refuses a parameter for good. HTTP 501 always does.
func isUnsupported(st int, lower string) bool {
	if st == http.StatusNotImplemented {
		return true
	}
	for _, p := range unsupportedPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}
