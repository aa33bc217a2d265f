(in-package :greet)
(defun default-name () "world")
