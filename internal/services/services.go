// Package services runs the long-running parts of a command (a table's
// loop, its inputs, its displays, its servers) together, and stops them
// together: the first that fails stops every other.
package services

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Run runs each service until ctx ends or one fails; a failure (not ctx's
// own end) is said on stderr after name and calls stop, which must cancel
// ctx, so that every other service ends too. Run returns once every
// service has returned: 0 when none failed, else 1 (the exit code).
func Run(ctx context.Context, stop func(), name string, stderr io.Writer, services ...func(context.Context) error) int {
	errc := make(chan error, len(services))
	for _, run := range services {
		go func() { errc <- run(ctx) }()
	}
	code := 0
	for range services {
		if err := <-errc; err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			code = 1
			stop()
		}
	}
	return code
}
