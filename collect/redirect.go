package collect

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is how many same-origin redirects a request follows.
const maxRedirects = 10

// crossOriginError is a redirect refused because it leads to another
// origin.
type crossOriginError struct {
	from, to *url.URL
	status   int
}

func (e *crossOriginError) Error() string {
	return fmt.Sprintf("the server at %s answered HTTP %d, a redirect to another origin, %s; plumb does not follow it, "+
		"so the API key and the items' texts go to no server but --base-url's (if you trust the new address, give it as --base-url)",
		origin(e.from), e.status, shortURL(e.to))
}

// sameOriginRedirect is the HTTP client's redirect policy: follow a
// redirect within the first request's origin, refuse one to another
// origin (a *crossOriginError) before anything is sent there.
func sameOriginRedirect(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	if origin(req.URL) != origin(first) {
		status := 0
		if req.Response != nil {
			status = req.Response.StatusCode
		}
		return &crossOriginError{from: first, to: req.URL, status: status}
	}
	if len(via) >= maxRedirects {
		return errors.New("stopped after 10 redirects")
	}
	return nil
}

// origin returns scheme://host:port of u, lower-cased, with the scheme's
// default port filled in.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return scheme + "://" + host + ":" + port
}

// shortURL is u without its credentials, query and fragment.
func shortURL(u *url.URL) string {
	v := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	return v.String()
}
