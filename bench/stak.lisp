(defvar *x*) (defvar *y*) (defvar *z*)
(defun stak (*x* *y* *z*) (stak-aux))
(defun stak-aux ()
  (if (not (< *y* *x*)) *z*
      (let ((*x* (let ((*x* (1- *x*)) (*y* *y*) (*z* *z*)) (stak-aux)))
            (*y* (let ((*x* (1- *y*)) (*y* *z*) (*z* *x*)) (stak-aux)))
            (*z* (let ((*x* (1- *z*)) (*y* *x*) (*z* *y*)) (stak-aux))))
        (stak-aux))))
(let ((s 0)) (dotimes (i 20) (setq s (+ s (stak 18 12 6)))) (format t "stak ~a~%" s))
