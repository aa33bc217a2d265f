(defsystem "badext" :defsystem-depends-on ("cffi-grovel") :components ((:file "x")))
