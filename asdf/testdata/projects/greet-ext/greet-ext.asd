;;;; An ASDF extension: a component class other systems use through
;;;; :defsystem-depends-on.
(defsystem "greet-ext" :components ((:file "ext")))
