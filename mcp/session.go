package mcp

import (
	"context"
	"sync"
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
	// queue is the session lock: calls hold it one at a time, in the order
	// they joined it (see arrivalOrder for how that is the arrival order).
	queue fifoLock
	// running is the interpreter, readable from any goroutine so that
	// interrupt can reach a running evaluation.
	running  atomic.Pointer[golem.Interpreter]
	lastUsed atomic.Int64

	// The fields below are guarded by queue.
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
	// NoFrames says why Backtrace is empty (golem.Error.NoFrames).
	NoFrames string
	At       time.Time
}

func newSession(srv *Server, key string) *Session {
	s := &Session{srv: srv, key: key}
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
		eval.EnableXref(img)
		watchConditions(s, img)
		img.Extra[eval.DefinitionHookKey{}] = eval.DefinitionHook(func(th *rt.Thread, name rt.Value, kind string) {
			s.recordDefinition(img, name, kind)
		})
		s.running.Store(s.in)
	}
	return s.in
}

func (srv *Server) newInterpreter() *golem.Interpreter {
	in := golem.New(golem.Options{Limits: srv.opts.Limits, AllowRead: srv.opts.AllowRead, AllowWrite: srv.opts.AllowWrite,
		DebugTimeout: srv.opts.DebugTimeout, Governor: srv.opts.Governor, Setup: srv.opts.Setup, REPLVariables: true})
	srv.configureSystems(in)
	return in
}

// reset discards the session's state; the next call starts afresh.
func (s *Session) reset() {
	if len(s.tools) > 0 {
		s.srv.retireLispTools(s)
	}
	if s.in != nil {
		s.in.Close() // a suspended evaluation (see debugger.go) ends now
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

// lock acquires the session for one call, after the calls that arrived
// before it, giving up when ctx ends first.
func (s *Session) lock(ctx context.Context) bool {
	seq := callSeq(ctx)
	s.srv.order.wait(ctx, seq)
	grant := s.queue.join()
	s.srv.order.admit(seq)
	select {
	case <-grant:
		s.touch()
		return true
	case <-ctx.Done():
		s.queue.leave(grant)
		return false
	}
}

func (s *Session) unlock() {
	s.touch()
	s.queue.unlock()
}

func (s *Session) busy() bool { return s.queue.locked() }

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
	at := e.Time
	if at.IsZero() {
		at = time.Now()
	}
	s.lastErr = &lastError{
		Type:      e.Type,
		Report:    e.Report,
		Restarts:  append([]string(nil), e.Restarts...),
		Backtrace: append([]string(nil), e.Backtrace...),
		NoFrames:  e.NoFrames(),
		At:        at,
	}
}

// fifoLock is a mutual exclusion lock granted in the order it was asked for.
type fifoLock struct {
	mu      sync.Mutex
	held    bool
	waiters []chan struct{}
}

// join asks for the lock; the channel is closed when it is granted.
func (l *fifoLock) join() chan struct{} {
	grant := make(chan struct{})
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.held {
		l.held = true
		close(grant)
	} else {
		l.waiters = append(l.waiters, grant)
	}
	return grant
}

// leave withdraws a request made by join, releasing the lock if it was
// granted meanwhile.
func (l *fifoLock) leave(grant chan struct{}) {
	l.mu.Lock()
	for i, w := range l.waiters {
		if w == grant {
			l.waiters = append(l.waiters[:i], l.waiters[i+1:]...)
			l.mu.Unlock()
			return
		}
	}
	l.mu.Unlock()
	l.unlock()
}

// unlock passes the lock to the next waiter, or frees it.
func (l *fifoLock) unlock() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.waiters) > 0 {
		next := l.waiters[0]
		l.waiters = l.waiters[1:]
		close(next)
		return
	}
	l.held = false
}

func (l *fifoLock) locked() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held
}
