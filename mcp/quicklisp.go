package mcp

import (
	"context"
	"errors"

	"github.com/golem-lisp/golem/qldist"
)

// newQuicklisp returns the client of opts.QuicklispDist, or nil.
func newQuicklisp(opts Options) *qldist.Client {
	if opts.QuicklispDist == "" {
		return nil
	}
	return &qldist.Client{DistURL: opts.QuicklispDist, CacheDir: opts.QuicklispCache}
}

// fetchSystem is the system loader's hook (asdf.Config.Fetch) for a system
// found nowhere locally: it downloads and unpacks the release of the
// Quicklisp dist providing it and returns the release's directory. A
// system the dist does not have gives "" and no error, so that the loader
// answers SYSTEM-NOT-FOUND as for any missing system.
func (s *Server) fetchSystem(ctx context.Context, system string) (string, error) {
	dir, err := s.quicklisp.Fetch(ctx, system)
	if errors.Is(err, qldist.ErrUnknownSystem) {
		return "", nil
	}
	if err != nil {
		s.log.Printf("quicklisp: %v", err)
	}
	return dir, err
}
