{{/*
One Deployment of the service's image: `component` (api, worker, mailbox-worker), its `values`
(replicas, resources, env, terminationGracePeriodSeconds), the `command`, the `port` its probes
and metrics use, and its `probes` (startup, liveness, readiness). Every process runs as the image's
non-root user on a read-only root filesystem with the shared environment and the Secret's values.
*/}}
{{- define "ows.deployment" -}}
{{- $root := .root -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "ows.fullname" $root }}-{{ .component }}
  labels:
    {{- include "ows.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- if not .autoscaled }}
  replicas: {{ .values.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "ows.selector" (dict "root" $root "component" .component) | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "ows.labels" $root | nindent 8 }}
        app.kubernetes.io/component: {{ .component }}
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ .port | quote }}
        prometheus.io/path: /metrics
    spec:
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ .values.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .component }}
          image: {{ include "ows.image" $root }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          command:
            {{- toYaml .command | nindent 12 }}
          ports:
            - name: http
              containerPort: {{ .port }}
          env:
            {{- include "ows.env" $root | nindent 12 }}
            {{- include "ows.componentEnv" .values.env | nindent 12 }}
            {{- include "ows.componentEnv" .extraEnv | nindent 12 }}
          startupProbe:
            {{- include "ows.httpProbe" .probes.startup | nindent 12 }}
          livenessProbe:
            {{- include "ows.httpProbe" .probes.liveness | nindent 12 }}
          readinessProbe:
            {{- include "ows.httpProbe" .probes.readiness | nindent 12 }}
          resources:
            {{- toYaml .values.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            {{- include "ows.volumeMounts" $root | nindent 12 }}
      volumes:
        {{- include "ows.volumes" $root | nindent 8 }}
{{- end -}}

{{/* A PodDisruptionBudget for one component: `budget` holds minAvailable or maxUnavailable. */}}
{{- define "ows.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "ows.fullname" .root }}-{{ .component }}
  labels:
    {{- include "ows.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- toYaml .budget | nindent 2 }}
  selector:
    matchLabels:
      {{- include "ows.selector" (dict "root" .root "component" .component) | nindent 6 }}
{{- end -}}
