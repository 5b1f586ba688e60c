package stats

import (
	"errors"
	"fmt"
)

// UndefinedError is returned when the data are valid but the statistic has
// no value for them (for example 0/0 when every rating falls in one
// category). Its message is the human-readable reason, without a prefix, so
// callers can show it as is. Malformed input gives other errors.
type UndefinedError struct {
	Reason string
}

func (e *UndefinedError) Error() string { return e.Reason }

// IsUndefined reports whether err (or an error it wraps) is an
// *UndefinedError, as opposed to an input error.
func IsUndefined(err error) bool {
	var u *UndefinedError
	return errors.As(err, &u)
}

func undefined(format string, args ...any) error {
	return &UndefinedError{Reason: fmt.Sprintf(format, args...)}
}
