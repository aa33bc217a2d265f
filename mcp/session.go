package mcp

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// Session is one Lisp session: an interpreter with its definitions, current
// package, loaded systems and last error. Calls within a session run one at
// a time, in arrival order; sessions run concurrently.
type Session struct {
	srv *Server
	key string
	// sem is the session lock. Goroutines blocked sending on a channel are
	// queued in order, so calls run in the order they arrived.
	sem chan struct{}
	// running is the interpreter, readable from any goroutine so that
	// interrupt can reach a running evaluation.
	running  atomic.Pointer[golem.Interpreter]
	lastUsed atomic.Int64

	// The fields below are guarded by sem.
	in      *golem.Interpreter
	defs    []definition
	defSeen map[string]int
	lastErr *lastError
	systems map[string]string // loaded system name -> version
	tools   map[string]*lispTool
}

// definition is one top-level definition the session made.
type definition struct {
	name rt.Value // a symbol or a (SETF name) list
	kind string   // FUNCTION, MACRO, VARIABLE, CLASS, GENERIC-FUNCTION, STRUCTURE, ...
}

// lastError is what describe-last-error and get-backtrace report.
type lastError struct {
	Type      string
	Report    string
	Restarts  []string
	Backtrace []string
	At        time.Time
}

func newSession(srv *Server, key string) *Session {
	s := &Session{srv: srv, key: key, sem: make(chan struct{}, 1)}
	s.touch()
	return s
}

// Key returns the session's key: "mcp:ID" for a transport session,
// "named:NAME" for a session named by the `session` argument, or "default".
func (s *Session) Key() string { return s.key }

// Interpreter returns the session's interpreter, creating it on first use.
// Only call it while handling a call on this session (the session is locked).
func (s *Session) Interpreter() *golem.Interpreter {
	if s.in == nil {
		s.in = s.srv.newInterpreter()
		s.defs, s.defSeen, s.lastErr, s.systems = nil, map[string]int{}, nil, map[string]string{}
		s.tools = map[string]*lispTool{}
		s.srv.installToolFunctions(s, s.in)
		img := s.in.Image()
		img.Extra[eval.DefinitionHookKey{}] = eval.DefinitionHook(func(th *rt.Thread, name rt.Value, kind string) {
			s.recordDefinition(img, name, kind)
		})
		s.running.Store(s.in)
	}
	return s.in
}

func (srv *Server) newInterpreter() *golem.Interpreter {
	return golem.New(golem.Options{Limits: srv.opts.Limits, AllowRead: srv.opts.AllowRead, AllowWrite: srv.opts.AllowWrite})
}

// reset discards the session's state; the next call starts afresh.
func (s *Session) reset() {
	if len(s.tools) > 0 {
		s.srv.retireLispTools(s)
	}
	s.in = nil
	s.running.Store(nil)
	s.defs, s.defSeen, s.lastErr, s.systems, s.tools = nil, nil, nil, nil, nil
}

func (s *Session) recordDefinition(img *rt.Image, name rt.Value, kind string) {
	k := kind + " " + img.NameString(name)
	if i, ok := s.defSeen[k]; ok {
		// A redefinition moves the entry to the end, as the latest.
		s.defs = append(s.defs[:i], s.defs[i+1:]...)
		for key, j := range s.defSeen {
			if j > i {
				s.defSeen[key] = j - 1
			}
		}
	}
	s.defSeen[k] = len(s.defs)
	s.defs = append(s.defs, definition{name: name, kind: kind})
}

// lock acquires the session for one call, giving up when ctx ends first.
func (s *Session) lock(ctx context.Context) bool {
	select {
	case s.sem <- struct{}{}:
		s.touch()
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Session) unlock() {
	s.touch()
	<-s.sem
}

func (s *Session) busy() bool { return len(s.sem) > 0 }

func (s *Session) touch() { s.lastUsed.Store(time.Now().UnixNano()) }

func (s *Session) idleFor(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, s.lastUsed.Load()))
}

// interrupt stops the session's running evaluation, if any.
func (s *Session) interrupt(reason string) {
	if in := s.running.Load(); in != nil {
		in.Interrupt(reason)
	}
}

// setError records the last error of the session.
func (s *Session) setError(e *golem.Error) {
	s.lastErr = &lastError{
		Type:      e.Type,
		Report:    e.Report,
		Restarts:  append([]string(nil), e.Restarts...),
		Backtrace: append([]string(nil), e.Backtrace...),
		At:        time.Now(),
	}
}
