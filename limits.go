package golem

// NoLimit lifts a limit: Limits{Timeout: NoLimit, MaxOutput: NoLimit}
// evaluates without a time limit and keeps all the output. Any negative
// value does the same; zero takes the default (see Limits).
const NoLimit = -1
