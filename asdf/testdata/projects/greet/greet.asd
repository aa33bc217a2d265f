;;;; greet.asd: a system using the DEFSYSTEM options real systems use.
(defpackage :greet-system (:use :cl :asdf :uiop))
(in-package :greet-system)

;; A component class defined in the .asd file.
(defclass shouting-file (cl-source-file)
  ((loud :initarg :loud :initform nil :reader loud)))

(defvar *loads* 0)
(defmethod perform :after ((o load-op) (c shouting-file))
  (incf *loads*))

(defsystem "greet"
  :version (:read-file-form "version.sexp")
  :author "Ada"
  :license "MIT"
  :description "Says hello."
  :long-description #.(read-file-string (subpathname *load-truename* "README.txt"))
  :homepage "https://example.invalid/greet"
  :defsystem-depends-on ("greet-ext")
  :depends-on ("util"
               (:version "util" "0.1")
               (:feature :golem "util")
               (:feature :no-such-feature "no-such-system")
               #+golem "asdf" #-golem "no-such-system")
  :weakly-depends-on ("no-such-weak-system")
  :serial t
  :components ((:file "package")
               (:module "source"
                :pathname "src"
                :components ((:shouting-file "names" :loud t)
                             (:file "greet" :depends-on ("names" "punct"))
                             (:ext-file "punct")
                             (:module "text" :components ((:static-file "banner.txt")))))
               (:static-file "README.txt")
               (:file "last" :if-feature :golem)
               (:file "never" :if-feature :no-such-feature))
  :in-order-to ((test-op (test-op "greet/tests")))
  :perform (load-op :after (o c) (setf (symbol-value (find-symbol* '#:*loaded-by-perform* :greet)) t)))

(defsystem "greet/tests"
  :depends-on ("greet")
  :pathname "t/"
  :components ((:file "tests"))
  :perform (test-op (o c) (symbol-call :greet-tests '#:run-tests)))
