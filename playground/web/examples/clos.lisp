;; CLOS: classes, generic functions, method combination.
(defclass shape () ((name :initarg :name :reader name)))
(defclass circle (shape) ((r :initarg :r :reader r)))
(defclass rect (shape) ((w :initarg :w :reader w) (h :initarg :h :reader h)))

(defgeneric area (shape))
(defmethod area ((c circle)) (* pi (r c) (r c)))
(defmethod area ((s rect)) (* (w s) (h s)))
(defmethod area :around ((s shape))
  (let ((a (call-next-method)))
    (format t "~a: ~,2f~%" (name s) a)
    a))

(defmethod print-object ((s shape) stream)
  (print-unreadable-object (s stream :type t)
    (princ (name s) stream)))

(let ((shapes (list (make-instance 'circle :name "wheel" :r 1)
                    (make-instance 'rect :name "door" :w 2 :h 1))))
  (values (reduce #'+ (mapcar #'area shapes)) shapes))
