package collect

import (
	"encoding/json"
	"errors"
	"fmt"
)

// The OpenAI-compatible API as plumb uses it: request bodies and the parts
// of responses it reads. vLLM, SGLang, TGI, llama.cpp server, Ollama,
// LM Studio and OpenAI answer in these shapes (testdata holds examples).

// chatRequest is a POST {base}/chat/completions body.
type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
	MaxTokens   int           `json:"max_tokens"`
	Logprobs    bool          `json:"logprobs"`
	TopLogprobs int           `json:"top_logprobs,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// completionRequest is a POST {base}/completions body (the legacy API, for
// base models).
type completionRequest struct {
	Model       string  `json:"model"`
	Prompt      string  `json:"prompt"`
	Temperature float64 `json:"temperature"`
	MaxTokens   int     `json:"max_tokens"`
	Logprobs    int     `json:"logprobs,omitempty"`
}

// Alt is one of the top alternatives at a generated position.
type Alt struct {
	Token   string
	Logprob float64
}

// Token is one generated token with its top alternatives (none when the
// server returned no log-probabilities).
type Token struct {
	Text string
	Top  []Alt
}

// Answer is a parsed response: the generated text, its tokens with their
// top alternatives (nil when the server returned no logprobs), and usage.
type Answer struct {
	Text             string
	Tokens           []Token
	PromptTokens     int
	CompletionTokens int
	Model            string // the model the server says answered ("" when it does not say)
	// Choices holds the text of every choice, in order (Text is the
	// first's): a request for n samples gets n.
	Choices []string
}

// Errors of a 200 response that carries no usable answer.
var (
	ErrMalformed    = errors.New("malformed response")
	ErrEmptyChoices = errors.New("response has no choices")
)

type usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// contentLogprobs is the chat shape of log-probabilities:
// logprobs.content[] with each generated token, its log-probability and its
// top alternatives. OpenAI's chat API answers so; llama.cpp's server answers
// its legacy /completions endpoint so too.
type contentLogprobs []struct {
	Token       string  `json:"token"`
	Logprob     float64 `json:"logprob"`
	TopLogprobs []struct {
		Token   string  `json:"token"`
		Logprob float64 `json:"logprob"`
	} `json:"top_logprobs"`
}

// tokens returns the generated tokens with their alternatives (nil when
// there are none). A position without alternatives (top_logprobs: 0)
// gets the sampled token as its only one.
func (c contentLogprobs) tokens() []Token {
	if len(c) == 0 {
		return nil
	}
	toks := make([]Token, len(c))
	for i, t := range c {
		tk := Token{Text: t.Token, Top: make([]Alt, 0, len(t.TopLogprobs)+1)}
		for _, alt := range t.TopLogprobs {
			tk.Top = append(tk.Top, Alt{alt.Token, alt.Logprob})
		}
		if len(tk.Top) == 0 {
			tk.Top = append(tk.Top, Alt{t.Token, t.Logprob})
		}
		toks[i] = tk
	}
	return toks
}

type chatResponse struct {
	Choices []struct {
		Message *struct {
			Content *string `json:"content"`
		} `json:"message"`
		Logprobs *struct {
			Content contentLogprobs `json:"content"`
		} `json:"logprobs"`
	} `json:"choices"`
	Usage *usage `json:"usage"`
	Model string `json:"model"`
}

// ParseChat parses a chat completions response body.
func ParseChat(body []byte) (Answer, error) {
	var r chatResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return Answer{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(r.Choices) == 0 {
		return Answer{}, ErrEmptyChoices
	}
	c := r.Choices[0]
	if c.Message == nil {
		return Answer{}, fmt.Errorf("%w: choice has no message", ErrMalformed)
	}
	a := Answer{Model: r.Model}
	if c.Message.Content != nil {
		a.Text = *c.Message.Content
	}
	for _, ch := range r.Choices {
		t := ""
		if ch.Message != nil && ch.Message.Content != nil {
			t = *ch.Message.Content
		}
		a.Choices = append(a.Choices, t)
	}
	if c.Logprobs != nil {
		a.Tokens = c.Logprobs.Content.tokens()
	}
	if r.Usage != nil {
		a.PromptTokens, a.CompletionTokens = r.Usage.PromptTokens, r.Usage.CompletionTokens
	}
	return a, nil
}

type completionResponse struct {
	Choices []struct {
		Text     *string `json:"text"`
		Logprobs *struct {
			Tokens        []string              `json:"tokens"`
			TokenLogprobs []*float64            `json:"token_logprobs"`
			TopLogprobs   []map[string]*float64 `json:"top_logprobs"`
			Content       contentLogprobs       `json:"content"`
		} `json:"logprobs"`
	} `json:"choices"`
	Usage *usage `json:"usage"`
	Model string `json:"model"`
}

// ParseCompletion parses a legacy completions response body. Its
// log-probabilities come in either of two shapes: the legacy one (tokens,
// token_logprobs, and top_logprobs as one JSON object per position, whose
// order carries no meaning, so the alternatives are kept sorted by
// log-probability), as OpenAI and vLLM answer; or the chat shape
// (content[] with top_logprobs[]), as llama.cpp's server answers.
func ParseCompletion(body []byte) (Answer, error) {
	var r completionResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return Answer{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(r.Choices) == 0 {
		return Answer{}, ErrEmptyChoices
	}
	c := r.Choices[0]
	if c.Text == nil {
		return Answer{}, fmt.Errorf("%w: choice has no text", ErrMalformed)
	}
	a := Answer{Text: *c.Text, Model: r.Model}
	for _, ch := range r.Choices {
		t := ""
		if ch.Text != nil {
			t = *ch.Text
		}
		a.Choices = append(a.Choices, t)
	}
	switch lp := c.Logprobs; {
	case lp == nil:
	case len(lp.Tokens) > 0:
		a.Tokens = legacyTokens(lp.Tokens, lp.TokenLogprobs, lp.TopLogprobs)
	default:
		a.Tokens = lp.Content.tokens()
	}
	if r.Usage != nil {
		a.PromptTokens, a.CompletionTokens = r.Usage.PromptTokens, r.Usage.CompletionTokens
	}
	return a, nil
}

// legacyTokens returns the tokens of the legacy completions shape. A
// position without alternatives gets the sampled token as its only one.
func legacyTokens(tokens []string, lps []*float64, tops []map[string]*float64) []Token {
	toks := make([]Token, len(tokens))
	for i, t := range tokens {
		tk := Token{Text: t}
		if i < len(tops) {
			for tok, l := range tops[i] {
				if l != nil {
					tk.Top = append(tk.Top, Alt{tok, *l})
				}
			}
			sortAlts(tk.Top)
		}
		if len(tk.Top) == 0 && i < len(lps) && lps[i] != nil {
			tk.Top = append(tk.Top, Alt{t, *lps[i]})
		}
		toks[i] = tk
	}
	return toks
}

// sortAlts sorts alternatives by log-probability, highest first, then by
// token (a deterministic order for equal values).
func sortAlts(alts []Alt) {
	for i := 1; i < len(alts); i++ { // insertion sort: top-k lists are short
		for j := i; j > 0 && less(alts[j], alts[j-1]); j-- {
			alts[j], alts[j-1] = alts[j-1], alts[j]
		}
	}
}

func less(a, b Alt) bool {
	if a.Logprob != b.Logprob {
		return a.Logprob > b.Logprob
	}
	return a.Token < b.Token
}
