package services

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestRun: services that end with ctx are a clean exit; one that fails is
// said and ends the others, and the exit code is 1.
func TestRun(t *testing.T) {
	waitCtx := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
	for _, c := range []struct {
		name     string
		failing  bool
		code     int
		stderr   string
		stopping bool // the test stops ctx itself
	}{
		{"stopped", false, 0, "", true},
		{"one fails", true, 1, "tabled: serial link: gone\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, stop := context.WithCancel(t.Context())
			defer stop()
			services := []func(context.Context) error{waitCtx, waitCtx, func(ctx context.Context) error {
				if c.failing {
					return fmt.Errorf("serial link: %w", errors.New("gone"))
				}
				return waitCtx(ctx)
			}}
			if c.stopping {
				stop()
			}
			var stderr strings.Builder
			if code := Run(ctx, stop, "tabled", &stderr, services...); code != c.code || stderr.String() != c.stderr {
				t.Errorf("exit %d, said %q; want %d, %q", code, stderr.String(), c.code, c.stderr)
			}
		})
	}
}
