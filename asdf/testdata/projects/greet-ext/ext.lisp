;; Extensions define their component classes in ASDF, where (:ext-file ...) finds them.
(in-package :asdf)
(defclass ext-file (cl-source-file) ())
