(asdf:defsystem #:util
  :version "0.2"
  :components ((:file "util")))
