(defsystem "pis"
  :class :package-inferred-system
  :version "0.1"
  :depends-on ("pis/main"))
