(defpackage :util (:use :cl) (:export #:shout))
(in-package :util)
(defun shout (s) (string-upcase s))
