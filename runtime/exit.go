package runtime

// ExitRequest is the panic value that unwinds an evaluation whose program
// called GOLEM:EXIT or GOLEM:QUIT (in an unrestricted image). Lisp
// handlers never see it; UNWIND-PROTECT cleanups run on its way; the
// embedding API turns it into its Exit error at the top level.
type ExitRequest struct {
	Code  int
	Abort bool
}

// Error implements error.
func (e *ExitRequest) Error() string { return "exit requested" }
