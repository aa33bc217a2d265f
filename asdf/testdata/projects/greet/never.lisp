(error "never.lisp is only for a feature golem does not have")
