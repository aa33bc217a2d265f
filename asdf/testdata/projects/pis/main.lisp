(uiop:define-package :pis/main
  (:use :cl)
  (:import-from :pis/strings #:twice)
  (:export #:run))
(in-package :pis/main)
(defun run () (twice "ab"))
